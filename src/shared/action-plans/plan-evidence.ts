import type { ActionPlanDto } from './action-plans.schemas.ts';

/** The titles of the evidence one task cites, in its order (the plan carries id → title; issue 29). */
export function taskEvidenceTitles(plan: Pick<ActionPlanDto, 'evidence'>, ids: readonly string[]): string[] {
  const titles = new Map(plan.evidence.map((e) => [e.id, e.title]));
  return ids.map((id) => titles.get(id) ?? id);
}
