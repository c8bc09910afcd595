import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { favoriteBodySchema, idParamsSchema, searchListQuerySchema } from '#shared/searches/search.schemas.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { respondWithSearch } from './search-response.ts';
import { deleteSearch, getSearchDetail, listSearches, ownSearch, setFavorite } from './searches.service.ts';

// /api/searches: history (newest first, paginated, plan-limited), one analysis, favourite, delete, re-run.
export const searchesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  app.addHook('preHandler', requireUser);

  app.get('/', { schema: { querystring: searchListQuerySchema } }, async (request) => {
    const data = await listSearches({ db, user: currentUser(request), now: clock.now(), query: request.query });
    return { success: true, data };
  });

  app.get('/:id', { schema: { params: idParamsSchema } }, async (request) => ({
    success: true,
    data: await getSearchDetail(db, currentUser(request).id, request.params.id),
  }));

  app.patch('/:id/favorite', { schema: { params: idParamsSchema, body: favoriteBodySchema } }, async (request) => {
    await setFavorite(db, currentUser(request).id, request.params.id, request.body.isFavorite);
    return { success: true, data: { id: request.params.id, isFavorite: request.body.isFavorite } };
  });

  app.delete('/:id', { schema: { params: idParamsSchema } }, async (request) => {
    await deleteSearch(db, currentUser(request).id, request.params.id);
    return { success: true, data: { id: request.params.id } };
  });

  app.post('/:id/rerun', { compress: false, schema: { params: idParamsSchema } }, async (request, reply) => {
    const search = await ownSearch(db, currentUser(request).id, request.params.id);
    return respondWithSearch(request, reply, { query: search.query, filters: search.filters });
  });
};
