import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openApiDocument } from '../../lib/http/openapi.ts';

// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the Enterprise API, generated from the same
// zod schemas its routes declare (one contract, no hand-written spec).
export const apiV1DocumentRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/openapi.json',
    {
      schema: {
        tags: ['api-v1'],
        summary: 'This API’s OpenAPI 3.1 document',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async () => openApiDocument(app, { pathPrefix: '/api/v1' }) as unknown as Record<string, unknown>,
  );
};
