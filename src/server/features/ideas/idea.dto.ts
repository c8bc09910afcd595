import { asc, inArray } from 'drizzle-orm';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { computeMarketSize } from '#shared/ideas/market-size.ts';
import type { Database, Tx } from '../../db/client.ts';
import { ideaHypotheses, type IdeaHypothesisRow, type IdeaRow } from '../../db/schema/index.ts';
import { ideaResource } from '../../lib/access/resources.ts';
import { notFound } from '../../lib/platform/app-error.ts';

// An idea row and its hypotheses as the API's IdeaDto (the one shape every ideas response uses).

function toDto(row: IdeaRow, hypotheses: IdeaHypothesisRow[]): IdeaDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    targetMarket: row.targetMarket,
    businessModel: row.businessModel,
    category: row.category,
    status: row.status,
    isStale: row.status === 'draft' && row.validation !== null,
    originalityScore: row.originalityScore,
    credibilityScore: row.credibilityScore,
    marketGapScore: row.marketGapScore,
    competitionScore: row.competitionScore,
    overallScore: row.overallScore,
    initialInvestment: row.initialInvestment,
    monthlyRevenue: row.monthlyRevenue,
    monthlyExpenses: row.monthlyExpenses,
    breakEvenMonths: row.breakEvenMonths,
    projectedRoi: row.projectedRoi,
    assumptions: row.assumptions,
    financialProjections: row.financialProjections,
    marketSizeInputs: row.marketSizeInputs,
    marketSize: row.marketSizeInputs ? computeMarketSize(row.marketSizeInputs) : null,
    validation: row.validation,
    hypotheses: hypotheses
      .filter((h) => h.ideaId === row.id)
      .map((h) => ({
        id: h.id,
        key: h.key,
        rank: h.rank,
        basedOn: h.basedOn,
        evidenceIds: h.evidenceIds,
        statement: h.statement,
        killCriterion: h.killCriterion,
        interviewScript: h.interviewScript,
        status: h.status,
        result: h.result,
        recordedAt: h.recordedAt?.toISOString() ?? null,
      })),
    sourceSearchResultId: row.sourceSearchResultId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function withHypotheses(db: Database | Tx, rows: IdeaRow[]): Promise<IdeaDto[]> {
  const ids = rows.map((r) => r.id);
  const hypotheses = ids.length
    ? await db
        .select()
        .from(ideaHypotheses)
        .where(inArray(ideaHypotheses.ideaId, ids))
        .orderBy(asc(ideaHypotheses.rank), asc(ideaHypotheses.id))
    : [];
  return rows.map((r) => toDto(r, hypotheses));
}

export async function oneDto(db: Database | Tx, row: IdeaRow | undefined): Promise<IdeaDto> {
  if (!row) throw notFound(ideaResource.label);
  const [dto] = await withHypotheses(db, [row]);
  return dto!;
}
