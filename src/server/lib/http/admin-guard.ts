import type { FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { notFound } from '../platform/app-error.ts';
import { currentUser, requireUser, signsIn } from './auth-guard.ts';
import { requestMeta } from './request-meta.ts';
import { writeAudit, type AdminAuditEvent } from '../domain/security-audit.ts';

// Admins are users whose database row has role 'admin' (granted with `npm run admin -- grant-admin
// <email>`); nobody is an admin by default, and a token claim cannot make anyone one.
//
// Use as an `onRequest` hook, so it runs before the body and parameters are validated: a signed-in
// user who is not an admin gets the same 404 as for a path that does not exist, whatever they send
// (a 403 or a 400 would tell them the route is there). A visitor without a valid session gets the
// usual 401, which the client needs to refresh an expired access token (ADR 022).
export const requireAdmin = signsIn(async (request: FastifyRequest): Promise<void> => {
  if (!request.auth) await requireUser(request);
  if (currentUser(request).role !== 'admin') throw notFound();
});

/** One audit row for a change an admin made: who (the admin), what, on which record. */
export async function auditAdminAction(options: {
  db: Database | Tx;
  request: FastifyRequest;
  event: AdminAuditEvent;
  resource: string;
  resourceId: string | number | null;
  metadata?: Record<string, unknown>;
}): Promise<void> {
  const { db, request, event, resource, resourceId, metadata } = options;
  const admin = currentUser(request);
  await writeAudit({
    db,
    meta: requestMeta(request),
    event: {
      eventType: event,
      success: true,
      resource,
      resourceId: resourceId === null ? null : String(resourceId),
      userId: admin.id,
      userEmail: admin.email,
      ...(metadata ? { metadata } : {}),
    },
  });
}
