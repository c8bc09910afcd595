import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Principal } from '../../lib/access/principal.ts';
import type { FileDownload } from '../../lib/http/file-response.ts';
import { renderInTurn } from '../../lib/platform/render-turns.ts';
import { loadAnalysisSnapshot } from '../../lib/domain/analysis-snapshot.ts';
import { exportFileName } from './analysis-csv.render.ts';
import { brandingForExport } from './branding.service.ts';
import { withExportUnit } from './export-quota.service.ts';
import { renderIdeaPdf } from './idea-pdf.render.ts';
import { renderPlanPdf } from './plan-pdf.render.ts';

// PDF reports of a validated idea and of an action plan. Like every export: access first (the idea's or
// the plan's own read policy, so another user's id is a 404 and costs nothing), then one unit of the
// monthly allowance, then the file in the exporter's branding, rendered in turn with other exports' files
// (lib/platform/render-turns.ts).

/**
 * An idea and a plan as their features return them (getIdea honours idea shares, getPlan is owner-only).
 * Given by the composition root (server/features.ts): features do not import each other.
 */
export type ExportDocuments = {
  idea: (options: { db: Database; principal: Principal; id: number }) => Promise<IdeaDto>;
  plan: (options: { db: Database; principal: Principal; id: number }) => Promise<ActionPlanDto>;
};

type DocumentOptions = {
  db: Database;
  principal: Principal;
  user: UserRow;
  now: Date;
  id: number;
  documents: ExportDocuments;
};

export async function exportIdeaPdf(options: DocumentOptions): Promise<FileDownload> {
  const { db, principal, user, now, id } = options;
  const idea = await options.documents.idea({ db, principal, id });
  const branding = await brandingForExport({ db, user, now });
  return withExportUnit(db, user, now, async () => ({
    fileName: exportFileName(`idea ${idea.title}`, idea.id, 'pdf', branding),
    contentType: 'application/pdf',
    body: await renderInTurn(() => renderIdeaPdf(idea, branding)),
  }));
}

/** The sources the plan's evidence ids come from: those of the analysis it was made from, when it still exists. */
async function planSources(db: Database, plan: ActionPlanDto): Promise<Set<string>> {
  const searchId = plan.searchId ?? plan.origin.searchId;
  const snapshot = searchId === null ? null : await loadAnalysisSnapshot(db, searchId);
  const used = new Set<string>(snapshot?.analysis.corpusSources ?? []);
  for (const o of snapshot?.opportunities ?? []) for (const e of o.evidence) used.add(e.source);
  return used;
}

export async function exportPlanPdf(options: DocumentOptions): Promise<FileDownload> {
  const { db, principal, user, now, id } = options;
  const plan = await options.documents.plan({ db, principal, id });
  const sources = await planSources(db, plan);
  const branding = await brandingForExport({ db, user, now });
  return withExportUnit(db, user, now, async () => ({
    fileName: exportFileName(`action plan ${plan.title}`, plan.id, 'pdf', branding),
    contentType: 'application/pdf',
    body: await renderInTurn(() => renderPlanPdf(plan, sources, branding)),
  }));
}
