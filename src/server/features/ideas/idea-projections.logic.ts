import { project, type ProjectionAssumptions } from '#shared/ideas/projections.ts';
import type { IdeaRow } from '../../db/schema/index.ts';
import type { IdeaNumbers } from './idea-credibility.logic.ts';

// An idea's numbers and the financial projection columns stored beside them (docs/product/ideas.md).

export function numbersOf(row: Pick<IdeaRow, 'initialInvestment' | 'monthlyRevenue' | 'monthlyExpenses'>): IdeaNumbers {
  return {
    initialInvestment: row.initialInvestment,
    monthlyRevenue: row.monthlyRevenue,
    monthlyExpenses: row.monthlyExpenses,
  };
}

/** The projection columns, recomputed from the numbers and assumptions whenever either changes. */
export function projectionColumns(numbers: IdeaNumbers, assumptions: ProjectionAssumptions) {
  const projections = project(numbers, assumptions);
  const base = projections?.scenarios.find((s) => s.key === 'base');
  return {
    financialProjections: projections,
    breakEvenMonths: base?.breakEven.kind === 'month' ? base.breakEven.month : null,
    projectedRoi: base?.roi.find((r) => r.month === 36)?.percent ?? null,
  };
}
