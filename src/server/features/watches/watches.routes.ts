import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import { watchStateSchema } from '#shared/watches/watches.schemas.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { getWatchState, startWatch, stopWatch } from './watches.service.ts';

// /api/searches/:id/watch: whether the analysis is watched and its run history; start; stop. Owner only.
const tags = ['watches'];
const ownSearch = { access: { params: { id: 'search' } } } as const;

export const watchesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  const schema = (summary: string) => ({
    tags,
    summary,
    params: idParamsSchema,
    response: { 200: ok(watchStateSchema) },
  });

  app.get(
    '/:id/watch',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: schema('Whether I watch this market, and what changed on each new corpus version'),
    },
    async (request) => ({
      success: true as const,
      data: await getWatchState({ db, user: currentUser(request), searchId: request.params.id, now: clock.now() }),
    }),
  );

  app.post(
    '/:id/watch',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: schema('Watch this market: re-run it on each new corpus version (plan-limited)'),
    },
    async (request) => ({
      success: true as const,
      data: await startWatch({ db, user: currentUser(request), searchId: request.params.id, now: clock.now() }),
    }),
  );

  app.delete(
    '/:id/watch',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: schema('Stop watching this market (its run history goes with it)'),
    },
    async (request) => ({
      success: true as const,
      data: await stopWatch({ db, user: currentUser(request), searchId: request.params.id, now: clock.now() }),
    }),
  );
};
