import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  BUNDLE_TOO_LARGE_MESSAGE,
  MAX_BUNDLE_BYTES,
  bundleImportBodySchema,
  bundleImportResultSchema,
} from '#shared/exports/bundle.schemas.ts';
import { deckQuerySchema } from '#shared/exports/deck.schemas.ts';
import { exportUsageSchema } from '#shared/exports/exports.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { resolveAppSecret } from '../../lib/app-secrets.ts';
import { requirePlan } from '../../lib/plan-guard.ts';
import { importBundle } from './bundle-import.service.ts';
import { exportIdeaPdf, exportPlanPdf, type ExportDocuments } from './document-exports.service.ts';
import { exportUsageOf } from './export-quota.service.ts';
import {
  exportAnalysisBundle,
  exportAnalysisPdf,
  exportHistoryCsv,
  exportOpportunitiesCsv,
  exportPitchDeck,
  type DeckCompanions,
  type ExportFile,
} from './exports.service.ts';

// /api/exports: files made from a user's analyses, counted against the monthly export allowance.
const tags = ['exports'];
const ownSearch = { access: { params: { id: 'search' } } } as const;
const fileResponse = (description: string) => ({ 200: z.string().describe(description) });

export function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export const exportsRoutes: FastifyPluginAsync<{ companions: DeckCompanions; documents: ExportDocuments }> = async (
  base,
  options,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock, env } = app.deps;
  const bundleSecret = await resolveAppSecret(db, 'bundle', env.BUNDLE_SECRET);

  app.get(
    '/usage',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Exports used this month and the allowance', response: { 200: ok(exportUsageSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await exportUsageOf(db, currentUser(request), clock.now()),
    }),
  );

  app.get(
    '/searches/:id/pdf',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: {
        tags,
        summary: 'PDF report of an analysis',
        params: idParamsSchema,
        response: fileResponse('application/pdf'),
      },
    },
    async (request, reply) => {
      const file = await exportAnalysisPdf({
        db,
        principal: principalOf(request),
        user: currentUser(request),
        searchId: request.params.id,
        now: clock.now(),
      });
      return sendFile(reply, file);
    },
  );

  app.get(
    '/ideas/:id/pdf',
    {
      preHandler: requireUser,
      // The idea's own read policy (its owner, or a team it is shared with).
      config: { access: { params: { id: 'sharedIdea' } } },
      schema: {
        tags,
        summary: 'PDF report of a validated idea: scores with their evidence, financials, market size, hypotheses',
        params: idParamsSchema,
        response: fileResponse('application/pdf'),
      },
    },
    async (request, reply) => {
      const file = await exportIdeaPdf({
        db,
        principal: principalOf(request),
        user: currentUser(request),
        id: request.params.id,
        now: clock.now(),
        documents: options.documents,
      });
      return sendFile(reply, file);
    },
  );

  app.get(
    '/plans/:id/pdf',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'actionPlan' } } },
      schema: {
        tags,
        summary: 'PDF report of an action plan: phases and tasks with status and dates',
        params: idParamsSchema,
        response: fileResponse('application/pdf'),
      },
    },
    async (request, reply) => {
      const file = await exportPlanPdf({
        db,
        principal: principalOf(request),
        user: currentUser(request),
        id: request.params.id,
        now: clock.now(),
        documents: options.documents,
      });
      return sendFile(reply, file);
    },
  );

  app.get(
    '/searches/:id/csv',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: {
        tags,
        summary: "CSV of an analysis's opportunities (Pro)",
        params: idParamsSchema,
        response: fileResponse('text/csv (UTF-8 with BOM)'),
      },
    },
    async (request, reply) => {
      const file = await exportOpportunitiesCsv({
        db,
        principal: principalOf(request),
        user: currentUser(request),
        searchId: request.params.id,
        now: clock.now(),
      });
      return sendFile(reply, file);
    },
  );

  app.get(
    '/history/csv',
    {
      preHandler: requirePlan('csvExport'),
      schema: { tags, summary: 'CSV of the search history (Pro)', response: fileResponse('text/csv (UTF-8 with BOM)') },
    },
    async (request, reply) => {
      const file = await exportHistoryCsv({
        db,
        principal: principalOf(request),
        user: currentUser(request),
        now: clock.now(),
        publicUrl: env.PUBLIC_URL,
      });
      return sendFile(reply, file);
    },
  );

  app.get(
    '/searches/:id/pptx',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: {
        tags,
        summary: 'Pitch deck (PPTX, Pro) from an analysis, its validated idea and its action plan',
        params: idParamsSchema,
        querystring: deckQuerySchema,
        response: fileResponse('application/vnd.openxmlformats-officedocument.presentationml.presentation'),
      },
    },
    async (request, reply) => {
      const file = await exportPitchDeck({
        db,
        principal: principalOf(request),
        user: currentUser(request),
        searchId: request.params.id,
        now: clock.now(),
        template: request.query.template,
        companions: options.companions,
      });
      return sendFile(reply, file);
    },
  );

  app.get(
    '/searches/:id/bundle',
    {
      preHandler: requireUser,
      config: ownSearch,
      schema: {
        tags,
        summary: 'Portable analysis bundle: signed JSON with every opportunity, evidence row and source',
        params: idParamsSchema,
        response: fileResponse('application/json (the analysis bundle)'),
      },
    },
    async (request, reply) => {
      const file = await exportAnalysisBundle({
        db,
        principal: principalOf(request),
        user: currentUser(request),
        searchId: request.params.id,
        now: clock.now(),
        secret: bundleSecret,
      });
      return sendFile(reply, file);
    },
  );

  app.post(
    '/bundles',
    {
      preHandler: requireUser,
      bodyLimit: MAX_BUNDLE_BYTES - 1,
      config: { tooLargeMessage: BUNDLE_TOO_LARGE_MESSAGE },
      schema: {
        tags,
        summary: 'Import an analysis bundle as a read-only copy (any plan; unverified signatures are marked)',
        body: bundleImportBodySchema,
        response: { 201: ok(bundleImportResultSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await importBundle({
          db,
          userId: currentUser(request).id,
          bundle: request.body,
          secret: bundleSecret,
          now: clock.now(),
        }),
      }),
  );
};
