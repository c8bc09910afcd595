import type { FastifyPluginAsync } from 'fastify';
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
import { auditAdminAction, requireAdmin } from '../../lib/admin-guard.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
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
    async (request) => {
      const { name, userId } = request.params;
      await setUserOverride({
        db: app.deps.db,
        name,
        userId,
        enabled: request.body.enabled,
        now: app.deps.clock.now(),
      });
      await auditAdminAction({
        db,
        request,
        event: 'admin.flag_override',
        resource: 'feature_flag',
        resourceId: name,
        metadata: { userId, enabled: request.body.enabled },
      });
      return { success: true as const, data: { name, userId, enabled: request.body.enabled } };
    },
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
    async (request) => {
      const { name, userId } = request.params;
      await setUserOverride({ db: app.deps.db, name, userId, enabled: null, now: app.deps.clock.now() });
      await auditAdminAction({
        db,
        request,
        event: 'admin.flag_override',
        resource: 'feature_flag',
        resourceId: name,
        metadata: { userId, enabled: null },
      });
      return { success: true as const, data: { name, userId, enabled: null } };
    },
  );
};
