import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchRequestSchema } from '#shared/searches/search.schemas.ts';
import { requireUser } from '../../lib/auth-guard.ts';
import { respondWithSearch } from './search-response.ts';

// POST /api/search (spec §7). Not compressed: progress lines must reach the browser as they happen.
export const searchRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/', { preHandler: requireUser, compress: false, schema: { body: searchRequestSchema } }, (request, reply) =>
    respondWithSearch(request, reply, request.body),
  );
};
