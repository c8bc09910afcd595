import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flagNameSchema, flagUpdateSchema, userFlagOverrideSchema } from '#shared/flags/flags.schemas.ts';
import { requireAdmin } from '../../lib/admin-guard.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { flagsForUser, listFlags, setUserOverride, upsertFlag } from './flags.service.ts';

/** GET /api/flags: the signed-in user's flags, evaluated on the server. */
export const flagsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get('/', { preHandler: requireUser }, async (request) => ({
    success: true,
    data: { flags: await flagsForUser({ db: app.deps.db, user: currentUser(request), now: app.deps.clock.now() }) },
  }));
};

const nameParams = z.object({ name: flagNameSchema });
const overrideParams = z.object({ name: flagNameSchema, userId: z.coerce.number().int().positive() });

/** /api/admin/flags: list, create or change flags and per-user overrides (admins only). */
export const adminFlagsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireAdmin);

  app.get('/', async () => ({ success: true, data: { flags: await listFlags(app.deps.db) } }));

  app.put('/:name', { schema: { params: nameParams, body: flagUpdateSchema } }, async (request) => ({
    success: true,
    data: await upsertFlag({
      db: app.deps.db,
      name: request.params.name,
      update: request.body,
      now: app.deps.clock.now(),
    }),
  }));

  app.put(
    '/:name/users/:userId',
    { schema: { params: overrideParams, body: userFlagOverrideSchema } },
    async (request) => {
      const { name, userId } = request.params;
      await setUserOverride({
        db: app.deps.db,
        name,
        userId,
        enabled: request.body.enabled,
        now: app.deps.clock.now(),
      });
      return { success: true, data: { name, userId, enabled: request.body.enabled } };
    },
  );

  app.delete('/:name/users/:userId', { schema: { params: overrideParams } }, async (request) => {
    const { name, userId } = request.params;
    await setUserOverride({ db: app.deps.db, name, userId, enabled: null, now: app.deps.clock.now() });
    return { success: true, data: { name, userId, enabled: null } };
  });
};
