import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  savedResponseSchema,
  savedResultsPageSchema,
  savedResultsQuerySchema,
  saveBodySchema,
  searchResultWithSearchSchema,
} from '#shared/searches/search.schemas.ts';
import { recordEvent } from '../../lib/domain/analytics-events.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { requireUser } from '../../lib/http/auth-guard.ts';
import { getResult, listSaved, setSaved } from './search-results.service.ts';

// /api/search-results: one opportunity in depth, save/unsave, the saved list.
const tags = ['searches'];
const ownResult = { access: { params: { id: 'searchResult' } } } as const;

export const searchResultsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(
    '/saved',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'My saved opportunities',
        querystring: savedResultsQuerySchema,
        response: { 200: ok(savedResultsPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listSaved({ db, principal: principalOf(request), query: request.query }),
    }),
  );

  app.get(
    '/:id',
    {
      preHandler: requireUser,
      config: ownResult,
      schema: {
        tags,
        summary: 'One opportunity in depth',
        params: idParamsSchema,
        response: { 200: ok(searchResultWithSearchSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getResult({ db, principal: principalOf(request), id: request.params.id }),
    }),
  );

  app.patch(
    '/:id/save',
    {
      preHandler: requireUser,
      config: ownResult,
      schema: {
        tags,
        summary: 'Save or unsave an opportunity',
        params: idParamsSchema,
        body: saveBodySchema,
        response: { 200: ok(savedResponseSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { isSaved } = request.body;
      await setSaved({ db, principal: principalOf(request), id, isSaved, now: clock.now() });
      if (isSaved) await recordEvent(request, 'result_saved', { resultId: id });
      return { success: true as const, data: { id, isSaved } };
    },
  );
};
