import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import {
  analyticsDashboardSchema,
  analyticsEventsDeletedSchema,
  analyticsEventsSummarySchema,
  clientEventBodySchema,
  clientEventRecordedSchema,
  compareQuerySchema,
  comparisonSchema,
  driftQuerySchema,
  driftSchema,
} from '#shared/analytics/analytics.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { recordEvent } from '../../lib/domain/analytics-events.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { requirePlan } from '../../lib/http/plan-guard.ts';
import { CSV_DESCRIPTION } from '../../lib/platform/csv.ts';
import { fileResponse, sendFile } from '../../lib/http/file-response.ts';
import { analyticsCsv } from './analytics-csv.service.ts';
import { compareAnalyses, dashboard, deleteMyEvents, driftOf, eventsSummary } from './analytics.service.ts';

// /api/analytics: the user's own analytics; their analytics events (summary, delete, the one event
// the browser reports); Pro/Enterprise comparison, re-run drift and CSV export.
const tags = ['analytics'];

export const analyticsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  const advanced = requirePlan('advancedAnalytics');

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'My analytics', response: { 200: ok(analyticsDashboardSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await dashboard({ db, user: currentUser(request), now: clock.now() }),
    }),
  );

  app.get(
    '/events',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'My analytics events: how many', response: { 200: ok(analyticsEventsSummarySchema) } },
    },
    async (request) => ({ success: true as const, data: await eventsSummary({ db, user: currentUser(request) }) }),
  );

  app.delete(
    '/events',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Delete my analytics data', response: { 200: ok(analyticsEventsDeletedSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: { deleted: await deleteMyEvents({ db, userId: currentUser(request).id }) },
    }),
  );

  app.post(
    '/events',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Report a page view the server cannot see (upgrade viewed)',
        body: clientEventBodySchema,
        response: { 200: ok(clientEventRecordedSchema) },
      },
    },
    async (request) => {
      const recorded = await recordEvent(request, request.body.type, { source: request.body.source ?? null });
      return { success: true as const, data: { recorded } };
    },
  );

  app.get(
    '/compare',
    {
      preHandler: advanced,
      schema: {
        tags,
        summary: 'Analyses side by side (Pro, Enterprise)',
        querystring: compareQuerySchema,
        response: { 200: ok(comparisonSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await compareAnalyses({ db, principal: principalOf(request), ids: request.query.ids }),
    }),
  );

  app.get(
    '/drift',
    {
      preHandler: advanced,
      schema: {
        tags,
        summary: 'How an analysis changed since the previous run (Pro, Enterprise)',
        querystring: driftQuerySchema,
        response: { 200: ok(driftSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await driftOf({ db, principal: principalOf(request), searchId: request.query.searchId }),
    }),
  );

  app.get(
    '/export.csv',
    {
      preHandler: advanced,
      schema: {
        tags,
        summary: 'My analytics numbers as CSV (Pro, Enterprise)',
        response: fileResponse(CSV_DESCRIPTION),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const file = await analyticsCsv({
        db,
        userId: user.id,
        dashboard: await dashboard({ db, user, now: clock.now() }),
      });
      await recordEvent(request, 'export', { format: 'csv', what: 'analytics' });
      return sendFile(reply, file);
    },
  );
};
