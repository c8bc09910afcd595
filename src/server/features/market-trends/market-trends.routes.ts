import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import {
  heatCellDetailSchema,
  heatCellQuerySchema,
  heatMapQuerySchema,
  heatMapSchema,
} from '#shared/market-trends/market-trends.schemas.ts';
import { loadTrendsCorpus } from '../../engine/pool/trends-corpus.ts';
import { requireUser } from '../../lib/http/auth-guard.ts';
import { heatCell, heatMap } from './market-trends.service.ts';

// /api/market-trends: the heat map of company entries from the corpus, and one cell's companies.
const tags = ['market-trends'];

export const marketTrendsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { env, clock } = app.deps;
  const loadCorpus = () => loadTrendsCorpus({ env, engine: app.hasDecorator('engine') ? app.engine : null });

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Heat map of company entries by category and year',
        querystring: heatMapQuerySchema,
        response: { 200: ok(heatMapSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await heatMap({ loadCorpus, query: request.query, now: clock.now() }),
    }),
  );

  app.get(
    '/cell',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The companies behind one heat-map cell and its trend',
        querystring: heatCellQuerySchema,
        response: { 200: ok(heatCellDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await heatCell({ loadCorpus, query: request.query, now: clock.now() }),
    }),
  );
};
