import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { searches, type UserRow } from '../../db/schema/index.ts';
import { accessible, assertCanAccess } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import type { FileDownload } from '../../lib/http/file-response.ts';
import { searchResource } from '../../lib/access/resources.ts';
import { loadAnalysisSnapshot, type AnalysisSnapshot } from '../../lib/domain/analysis-snapshot.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { CSV_CONTENT_TYPE } from '../../lib/platform/csv.ts';
import { renderInTurn } from '../../lib/platform/render-turns.ts';
import { assertPlan } from '../../lib/http/plan-guard.ts';
import { exportFileName, historyCsv, opportunitiesCsv } from './analysis-csv.render.ts';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import { NO_OPPORTUNITIES_FOR_DECK, type DeckTemplateId } from '#shared/exports/deck.schemas.ts';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { buildBundle } from './analysis-bundle.logic.ts';
import { renderPitchDeck } from './pitch-deck.render.ts';
import { renderAnalysisPdf } from './analysis-pdf.render.ts';
import { withExportUnit } from './export-quota.service.ts';
import { brandingForExport } from './branding.service.ts';

// Each export: access first (another user's analysis is a 404 and costs nothing), then one unit of the
// monthly allowance, then the file (a failure gives the unit back), rendered in turn with other exports'
// files (lib/platform/render-turns.ts).

type ExportOptions = { db: Database; principal: Principal; user: UserRow; searchId: number; now: Date };

async function ownSnapshot(options: ExportOptions): Promise<AnalysisSnapshot> {
  const { db, principal, searchId } = options;
  await assertCanAccess({ db, resource: searchResource, id: searchId, principal, permission: 'read' });
  const snapshot = await loadAnalysisSnapshot(db, searchId);
  if (!snapshot) throw notFound(searchResource.label);
  return snapshot;
}

export async function exportOpportunitiesCsv(options: ExportOptions): Promise<FileDownload> {
  const snapshot = await ownSnapshot(options);
  assertPlan(options.user, options.now, 'csvExport');
  return withExportUnit(options.db, options.user, options.now, () =>
    Promise.resolve({
      fileName: exportFileName(snapshot.query, snapshot.searchId, 'csv'),
      contentType: CSV_CONTENT_TYPE,
      body: opportunitiesCsv(snapshot),
    }),
  );
}

export async function exportAnalysisPdf(options: ExportOptions): Promise<FileDownload> {
  const snapshot = await ownSnapshot(options);
  const branding = await brandingForExport(options);
  return withExportUnit(options.db, options.user, options.now, async () => ({
    fileName: exportFileName(snapshot.query, snapshot.searchId, 'pdf', branding),
    contentType: 'application/pdf',
    body: await renderInTurn(() => renderAnalysisPdf(snapshot, branding)),
  }));
}

/** The signed portable bundle of an analysis (any plan; counted like every export). */
export async function exportAnalysisBundle(options: ExportOptions & { secret: string }): Promise<FileDownload> {
  const snapshot = await ownSnapshot(options);
  return withExportUnit(options.db, options.user, options.now, () =>
    Promise.resolve({
      fileName: exportFileName(snapshot.query, snapshot.searchId, 'unbuilt.json'),
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(buildBundle(snapshot, options.secret, options.now)),
    }),
  );
}

/**
 * The validated idea and action plan made from an analysis, as their features return them. Given to
 * this feature by the composition root (server/features.ts): features do not import each other.
 */
export type DeckCompanions = (options: { db: Database; principal: Principal; searchId: number }) => Promise<{
  idea: IdeaDto | null;
  plan: ActionPlanDto | null;
  focusRank: number | null;
}>;

/** The pitch deck (Pro): 12 slides from the analysis, its validated idea and its action plan when they exist. */
export async function exportPitchDeck(
  options: ExportOptions & { template: DeckTemplateId; companions: DeckCompanions },
): Promise<FileDownload> {
  const snapshot = await ownSnapshot(options);
  assertPlan(options.user, options.now, 'pitchDeck');
  if (snapshot.opportunities.length === 0) throw new AppError('CONFLICT', NO_OPPORTUNITIES_FOR_DECK);
  const companions = await options.companions(options);
  const branding = await brandingForExport(options);
  return withExportUnit(options.db, options.user, options.now, async () => {
    const deck = await renderInTurn(() => renderPitchDeck({ snapshot, ...companions }, options.template, branding));
    if (!deck) throw new AppError('CONFLICT', NO_OPPORTUNITIES_FOR_DECK);
    return {
      fileName: exportFileName(snapshot.query, snapshot.searchId, 'pptx', branding),
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      body: deck.body,
    };
  });
}

/** Every search of the user, newest first (CSV export is a paid feature: paid plans keep all history). */
export async function exportHistoryCsv(options: {
  db: Database;
  principal: Principal;
  user: UserRow;
  now: Date;
  publicUrl: string;
}): Promise<FileDownload> {
  const { db, principal, user, now, publicUrl } = options;
  assertPlan(user, now, 'csvExport');
  return withExportUnit(db, user, now, async () => {
    const rows = await db
      .select()
      .from(searches)
      .where(accessible(searchResource, principal, 'read'))
      .orderBy(desc(searches.timestamp), desc(searches.id));
    const items = rows.map((r) => ({
      id: r.id,
      query: r.query,
      timestamp: r.timestamp.toISOString(),
      resultsCount: r.resultsCount,
      isFavorite: r.isFavorite,
      status: r.status,
      imported: r.importedFrom,
    }));
    return {
      fileName: `unbuilt-history-${now.toISOString().slice(0, 10)}.csv`,
      contentType: CSV_CONTENT_TYPE,
      body: historyCsv(items, publicUrl),
    };
  });
}
