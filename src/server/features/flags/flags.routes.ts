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
  userFlagOverrideSchema,
} from '#shared/flags/flags.schemas.ts';
import { requireAdmin } from '../../lib/admin-guard.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { flagsForUser, listFlags, setUserOverride, upsertFlag } from './flags.service.ts';

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
  app.addHook('preHandler', requireAdmin);
  const adminTags = ['admin'];

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
    async (request) => ({
      success: true as const,
      data: await upsertFlag({
        db: app.deps.db,
        name: request.params.name,
        update: request.body,
        now: app.deps.clock.now(),
      }),
    }),
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
      return { success: true as const, data: { name, userId, enabled: null } };
    },
  );
};
