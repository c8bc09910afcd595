import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountPreferencesUpdateSchema } from '#shared/account/preferences.schemas.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { revokeUserFamilies } from '../auth/refresh-token.service.ts';
import { writeAudit } from '../auth/security-audit.service.ts';
import { readPreferences, updatePreferences } from './preferences.service.ts';

// /api/account
//   GET   /preferences                  → theme, accessibility, notifications, analytics opt-out
//   PATCH /preferences                  any subset of the above → the stored preferences
//   POST  /sessions/revoke-others       signs out every other session of the user

export const accountRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/preferences', { preHandler: requireUser }, async (request) => ({
    success: true,
    data: await readPreferences(app.deps.db, currentUser(request)),
  }));

  app.patch(
    '/preferences',
    { preHandler: requireUser, schema: { body: accountPreferencesUpdateSchema } },
    async (request) => ({
      success: true,
      data: await updatePreferences(app.deps.db, currentUser(request), request.body, app.deps.clock.now()),
    }),
  );

  app.post('/sessions/revoke-others', { preHandler: requireUser }, async (request) => {
    const user = currentUser(request);
    const keep = request.auth?.familyId ?? null;
    const revoked = await revokeUserFamilies(app.deps.db, user.id, 'signed_out_elsewhere', app.deps.clock.now(), keep);
    await writeAudit(app.deps.db, request, {
      eventType: 'sessions_revoked',
      success: true,
      userId: user.id,
      userEmail: user.email,
      metadata: { revoked },
    });
    return { success: true, data: { revokedSessions: revoked } };
  });
};
