import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { listQuerySchema } from '#shared/api/list.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  marketReportPageSchema,
  marketReportSchema,
  marketResearchRequestSchema,
  marketResearchResponseSchema,
} from '#shared/market-research/market-research.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { recordEvent } from '../../lib/domain/analytics-events.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { findMarketReport, listMarketReports, runMarketResearch } from './market-research.service.ts';
import { resolveSearchEngine } from './search-engine.provider.ts';

// /api/market-research: run a report (counted like a search), list the saved ones, open one.
const tags = ['market-research'];

export const marketResearchRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock, env } = app.deps;

  app.post(
    '/',
    {
      preHandler: requireUser,
      config: { access: { params: {}, body: { sourceSearchId: 'search' } } },
      schema: {
        tags,
        summary: 'Run a market research report (uses one search)',
        body: marketResearchRequestSchema,
        response: { 200: ok(marketResearchResponseSchema) },
      },
    },
    async (request) => {
      const data = await runMarketResearch({
        db,
        clock,
        env,
        engine: resolveSearchEngine(app),
        user: currentUser(request),
        market: request.body.market,
        sourceSearchId: request.body.sourceSearchId,
      });
      if (data.report) await recordEvent(request, 'market_research_run', { reportId: data.report.id });
      return { success: true as const, data };
    },
  );

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'My market research reports',
        querystring: listQuerySchema(),
        response: { 200: ok(marketReportPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listMarketReports({ db, userId: currentUser(request).id, query: request.query }),
    }),
  );

  app.get(
    '/:id',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'marketReport' } } },
      schema: {
        tags,
        summary: 'One market research report',
        params: idParamsSchema,
        response: { 200: ok(marketReportSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await findMarketReport({ db, principal: principalOf(request), id: request.params.id }),
    }),
  );
};
