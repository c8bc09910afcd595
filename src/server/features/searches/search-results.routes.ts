import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, saveBodySchema } from '#shared/searches/search.schemas.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { getOwnResult, listSaved, setSaved } from './search-results.service.ts';

// /api/search-results: one opportunity in depth, save/unsave, the saved list.
export const searchResultsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  app.addHook('preHandler', requireUser);

  app.get('/saved', async (request) => ({ success: true, data: await listSaved(db, currentUser(request).id) }));

  app.get('/:id', { schema: { params: idParamsSchema } }, async (request) => ({
    success: true,
    data: await getOwnResult(db, currentUser(request).id, request.params.id),
  }));

  app.patch('/:id/save', { schema: { params: idParamsSchema, body: saveBodySchema } }, async (request) => {
    const { id } = request.params;
    await setSaved({ db, userId: currentUser(request).id, id, isSaved: request.body.isSaved, now: clock.now() });
    return { success: true, data: { id, isSaved: request.body.isSaved } };
  });
};
