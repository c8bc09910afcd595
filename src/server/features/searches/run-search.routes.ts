import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { searchRequestSchema, searchResponseDataSchema } from '#shared/searches/search.schemas.ts';
import { requireUser } from '../../lib/http/auth-guard.ts';
import { respondWithSearch } from './search-stream.http.ts';

// POST /api/search. Not compressed: progress lines must reach the browser as they happen.
export const runSearchRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/',
    {
      preHandler: requireUser,
      compress: false,
      schema: {
        tags: ['searches'],
        summary: 'Run a search',
        description:
          'Answers one envelope, or with `Accept: application/x-ndjson` a stream of lines (searchStreamLineSchema) that starts once the engine accepts the analysis: `queued` with its place in line while every engine slot is taken, then progress, ending in `done`, or in `error` when the analysis fails after the first line. A refusal before the first line (including a full engine queue) is the error envelope with its status.',
        body: searchRequestSchema,
        response: { 200: ok(searchResponseDataSchema) },
      },
    },
    (request, reply) => respondWithSearch(request, reply, request.body),
  );
};
