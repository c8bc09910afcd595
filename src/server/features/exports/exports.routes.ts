import type { FastifyPluginAsync } from 'fastify';
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
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { principalOf, type Principal } from '../../lib/access/principal.ts';
import type { ResourceName } from '../../lib/access/resources.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { resolveAppSecret } from '../../lib/platform/app-secrets.ts';
import { CSV_DESCRIPTION } from '../../lib/platform/csv.ts';
import { fileResponse, sendFile, type FileDownload } from '../../lib/http/file-response.ts';
import { requirePlan } from '../../lib/http/plan-guard.ts';
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
} from './exports.service.ts';

// /api/exports: files made from a user's analyses, ideas and plans, counted against the monthly export
// allowance by their services. One table: each file's path, what its id names (the IDOR sweep attacks
// it), and the service that produces it; every file goes out through sendFile.
const tags = ['exports'];

type Producer = (ctx: {
  db: Database;
  principal: Principal;
  user: UserRow;
  now: Date;
  id: number;
  query: unknown;
}) => Promise<FileDownload>;

type FileRoute = {
  path: `/${string}/:id/${string}`;
  summary: string;
  access: ResourceName;
  contentType: string;
  query?: z.ZodType;
  produce: Producer;
};

export const exportsRoutes: FastifyPluginAsync<{ companions: DeckCompanions; documents: ExportDocuments }> = async (
  base,
  options,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock, env } = app.deps;
  const bundleSecret = await resolveAppSecret(db, 'bundle', env.BUNDLE_SECRET);
  const { documents, companions } = options;

  const FILES: FileRoute[] = [
    {
      path: '/searches/:id/pdf',
      summary: 'PDF report of an analysis',
      access: 'search',
      contentType: 'application/pdf',
      produce: (c) => exportAnalysisPdf({ ...c, searchId: c.id }),
    },
    {
      path: '/ideas/:id/pdf',
      summary: 'PDF report of a validated idea: scores with their evidence, financials, market size, hypotheses',
      access: 'sharedIdea', // the idea's own read policy (its owner, or a team it is shared with)
      contentType: 'application/pdf',
      produce: (c) => exportIdeaPdf({ ...c, documents }),
    },
    {
      path: '/plans/:id/pdf',
      summary: 'PDF report of an action plan: phases and tasks with status and dates',
      access: 'actionPlan',
      contentType: 'application/pdf',
      produce: (c) => exportPlanPdf({ ...c, documents }),
    },
    {
      path: '/searches/:id/csv',
      summary: "CSV of an analysis's opportunities (Pro)",
      access: 'search',
      contentType: CSV_DESCRIPTION,
      produce: (c) => exportOpportunitiesCsv({ ...c, searchId: c.id }),
    },
    {
      path: '/searches/:id/pptx',
      summary: 'Pitch deck (PPTX, Pro) from an analysis, its validated idea and its action plan',
      access: 'search',
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      query: deckQuerySchema,
      produce: (c) =>
        exportPitchDeck({ ...c, searchId: c.id, template: deckQuerySchema.parse(c.query).template, companions }),
    },
    {
      path: '/searches/:id/bundle',
      summary: 'Portable analysis bundle: signed JSON with every opportunity, evidence row and source',
      access: 'search',
      contentType: 'application/json (the analysis bundle)',
      produce: (c) => exportAnalysisBundle({ ...c, searchId: c.id, secret: bundleSecret }),
    },
  ];

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

  for (const file of FILES) {
    app.get(
      file.path,
      {
        preHandler: requireUser,
        config: { access: { params: { id: file.access } } },
        schema: {
          tags,
          summary: file.summary,
          params: idParamsSchema,
          ...(file.query ? { querystring: file.query } : {}),
          response: fileResponse(file.contentType),
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { id } = idParamsSchema.parse(request.params);
        const made = await file.produce({
          db,
          principal: principalOf(request),
          user,
          now: clock.now(),
          id,
          query: request.query,
        });
        return sendFile(reply, made);
      },
    );
  }

  app.get(
    '/history/csv',
    {
      preHandler: requirePlan('csvExport'),
      schema: { tags, summary: 'CSV of the search history (Pro)', response: fileResponse(CSV_DESCRIPTION) },
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
