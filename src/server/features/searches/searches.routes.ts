import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  IMPORTED_READ_ONLY_MESSAGE,
  deletedResponseSchema,
  favoriteBodySchema,
  favoriteResponseSchema,
  searchDetailSchema,
  searchListPageSchema,
  searchListQuerySchema,
  searchResponseDataSchema,
} from '#shared/searches/search.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { respondWithSearch } from './search-stream.http.ts';
import { deleteSearch, findSearch, getSearchDetail, listSearches, setFavorite } from './searches.service.ts';

// /api/searches: history (newest first, paginated, plan-limited), one analysis, favourite, delete, re-run.
const tags = ['searches'];
const ownSearch = { access: { params: { id: 'search' } } } as const;

export const searchesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'My search history',
        querystring: searchListQuerySchema,
        response: { 200: ok(searchListPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listSearches({ db, user: currentUser(request), now: clock.now(), query: request.query }),
    }),
  );

  app.get(
    '/:id',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: { tags, summary: 'One analysis', params: idParamsSchema, response: { 200: ok(searchDetailSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await getSearchDetail({ db, principal: principalOf(request), id: request.params.id }),
    }),
  );

  app.patch(
    '/:id/favorite',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: {
        tags,
        summary: 'Mark or unmark a favourite',
        params: idParamsSchema,
        body: favoriteBodySchema,
        response: { 200: ok(favoriteResponseSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { isFavorite } = request.body;
      await setFavorite({ db, principal: principalOf(request), id, isFavorite });
      return { success: true as const, data: { id, isFavorite } };
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: {
        tags,
        summary: 'Delete an analysis',
        params: idParamsSchema,
        response: { 200: ok(deletedResponseSchema) },
      },
    },
    async (request) => {
      await deleteSearch({ db, principal: principalOf(request), id: request.params.id });
      return { success: true as const, data: { id: request.params.id } };
    },
  );

  app.post(
    '/:id/rerun',
    {
      preHandler: requireUser,
      compress: false,
      config: ownSearch,
      schema: {
        tags,
        summary: 'Run an analysis again (counts as a search)',
        params: idParamsSchema,
        response: { 200: ok(searchResponseDataSchema) },
      },
    },
    async (request, reply) => {
      const search = await findSearch({ db, principal: principalOf(request), id: request.params.id });
      if (search.importedFrom) throw new AppError('CONFLICT', IMPORTED_READ_ONLY_MESSAGE);
      return respondWithSearch(request, reply, { query: search.query, filters: search.filters });
    },
  );
};
