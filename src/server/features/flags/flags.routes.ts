import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import {
  flagListSchema,
  flagNameParamsSchema,
  flagOverrideParamsSchema,
  flagOverrideSchema,
  flagSchema,
  flagUpdateSchema,
  myFlagsSchema,
  rolloutPreviewInputSchema,
  rolloutPreviewSchema,
  userFlagOverrideSchema,
} from '#shared/flags/flags.schemas.ts';
import { auditAdminAction, requireAdmin } from '../../lib/http/admin-guard.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { flagsForUser, listFlags, previewRollout, setUserOverride, upsertFlag } from './flags.service.ts';

const tags = ['flags'];

/** GET /api/flags: the signed-in user's flags, evaluated on the server. */
export const flagsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    { preHandler: requireUser, schema: { tags, summary: 'My feature flags', response: { 200: ok(myFlagsSchema) } } },
    async (request) => ({
      success: true as const,
      data: { flags: await flagsForUser({ db: app.deps.db, user: currentUser(request), now: app.deps.clock.now() }) },
    }),
  );
};

/** /api/admin/flags: list, create or change flags and per-user overrides (admins only). */
export const adminFlagsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // Before validation: a non-admin gets 404 whatever they send (admin-guard.ts).
  app.addHook('onRequest', requireAdmin);
  const adminTags = ['admin'];
  const { db, clock } = app.deps;

  /** Sets (or with null removes) one user's override, and audits it. */
  async function override(
    request: FastifyRequest,
    change: { name: string; userId: number; enabled: boolean | null },
  ): Promise<{ name: string; userId: number; enabled: boolean | null }> {
    await setUserOverride({ db, ...change, now: clock.now() });
    await auditAdminAction({
      db,
      request,
      event: 'admin.flag_override',
      resource: 'feature_flag',
      resourceId: change.name,
      metadata: { userId: change.userId, enabled: change.enabled },
    });
    return change;
  }

  app.post(
    '/preview',
    {
      schema: {
        tags: adminTags,
        summary: 'How many users a flag with these rules would reach (nothing is saved)',
        body: rolloutPreviewInputSchema,
        response: { 200: ok(rolloutPreviewSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await previewRollout({ db, rules: request.body, now: clock.now() }),
    }),
  );

  app.get(
    '/',
    { schema: { tags: adminTags, summary: 'List feature flags', response: { 200: ok(flagListSchema) } } },
    async () => ({
      success: true as const,
      data: { flags: await listFlags(app.deps.db) },
    }),
  );

  app.put(
    '/:name',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Create or change a flag',
        params: flagNameParamsSchema,
        body: flagUpdateSchema,
        response: { 200: ok(flagSchema) },
      },
    },
    async (request) => {
      const flag = await upsertFlag({ db, name: request.params.name, update: request.body, now: clock.now() });
      await auditAdminAction({
        db,
        request,
        event: 'admin.flag_change',
        resource: 'feature_flag',
        resourceId: flag.name,
        metadata: { change: request.body },
      });
      return { success: true as const, data: flag };
    },
  );

  app.put(
    '/:name/users/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Override a flag for one user',
        params: flagOverrideParamsSchema,
        body: userFlagOverrideSchema,
        response: { 200: ok(flagOverrideSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await override(request, { ...request.params, enabled: request.body.enabled }),
    }),
  );

  app.delete(
    '/:name/users/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: "Remove a user's flag override",
        params: flagOverrideParamsSchema,
        response: { 200: ok(flagOverrideSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await override(request, { ...request.params, enabled: null }),
    }),
  );
};
