import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountPreferencesSchema, accountPreferencesUpdateSchema } from '#shared/account/preferences.schemas.ts';
import { revokedSessionsSchema } from '#shared/account/sessions.schemas.ts';
import { ok } from '#shared/api/envelope.schemas.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { requestMeta } from '../../lib/http/request-meta.ts';
import { writeAudit } from '../../lib/domain/security-audit.ts';
import { revokeUserFamilies } from '../../lib/domain/session-families.ts';
import { readPreferences, updatePreferences } from './preferences.service.ts';

// /api/account
//   GET   /preferences                  → theme, accessibility, notifications, analytics opt-out
//   PATCH /preferences                  any subset of the above → the stored preferences
//   POST  /sessions/revoke-others       signs out every other session of the user
const tags = ['account'];

export const accountRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/preferences',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'My preferences', response: { 200: ok(accountPreferencesSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await readPreferences({ db: app.deps.db, user: currentUser(request) }),
    }),
  );
  app.patch(
    '/preferences',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Change my preferences',
        body: accountPreferencesUpdateSchema,
        response: { 200: ok(accountPreferencesSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updatePreferences({
        db: app.deps.db,
        user: currentUser(request),
        patch: request.body,
        now: app.deps.clock.now(),
      }),
    }),
  );
  app.post(
    '/sessions/revoke-others',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Sign out my other sessions', response: { 200: ok(revokedSessionsSchema) } },
    },
    async (request) => {
      const user = currentUser(request);
      const keep = request.auth?.familyId ?? null;
      const { db, clock } = app.deps;
      const revoked = await revokeUserFamilies({
        db,
        userId: user.id,
        reason: 'signed_out_elsewhere',
        now: clock.now(),
        keepFamilyId: keep,
      });
      await writeAudit({
        db,
        meta: requestMeta(request),
        event: {
          eventType: 'sessions_revoked',
          success: true,
          userId: user.id,
          userEmail: user.email,
          metadata: { revoked },
        },
      });
      return { success: true as const, data: { revokedSessions: revoked } };
    },
  );
};
