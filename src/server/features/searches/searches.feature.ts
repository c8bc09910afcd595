import type { FastifyPluginAsync } from 'fastify';
import { marketResearchRoutes } from './market-research.routes.ts';
import { runSearchRoutes } from './run-search.routes.ts';
import { searchResultsRoutes } from './search-results.routes.ts';
import { expireReservationsJob } from './searches.jobs.ts';
import { searchesRoutes } from './searches.routes.ts';
import { searchesV1Routes } from './searches-v1.routes.ts';

/** The searches feature: running a search, the stored analyses, their opportunities, and market research reports (counted as searches). */
export const searchesFeature: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(expireReservationsJob);
  await app.register(runSearchRoutes, { prefix: '/api/search' });
  await app.register(searchesRoutes, { prefix: '/api/searches' });
  await app.register(searchResultsRoutes, { prefix: '/api/search-results' });
  await app.register(marketResearchRoutes, { prefix: '/api/market-research' });
  await app.register(searchesV1Routes, { prefix: '/api/v1' });
};
