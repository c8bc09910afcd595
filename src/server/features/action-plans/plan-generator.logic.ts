import type { PlanTemplatePhase, PlanTemplateTask } from '#shared/action-plans/action-plans.schemas.ts';
import { factsOf, type GeneratorInput, type OpportunityFacts } from './plan-facts.logic.ts';
import { lower, RECIPES, task, type GeneratedTask } from './plan-recipes.logic.ts';
import type { SystemTemplate } from './plan-templates.constants.ts';
import { ownValue } from '#shared/app/own-value.ts';

// Turns one opportunity of a stored analysis (or a validated idea and its source opportunity) and a
// template into the four phases of a plan. Every name in a task comes from the opportunity's evidence
// (plan-facts.logic.ts) through a recipe (plan-recipes.logic.ts); a recipe with no evidence to name yields an
// honest fallback task or none, never an invented name.

export type GeneratedPhase = {
  name: string;
  description: string | null;
  estimatedDuration: string | null;
  tasks: GeneratedTask[];
};

const PLACEHOLDER = /\{(offering|segment|industry|occupation|competitor)\}/g;

function fill(textWithSlots: string | undefined, facts: OpportunityFacts): string | null {
  if (textWithSlots === undefined) return '';
  let missing = false;
  const values: Record<string, string | undefined> = {
    offering: facts.product,
    segment: facts.segment,
    industry: facts.industries[0]?.name,
    occupation: facts.occupations[0] ? lower(facts.occupations[0].title) : undefined,
    competitor: facts.competitors[0]?.name,
  };
  const out = textWithSlots.replace(PLACEHOLDER, (_, key: string) => {
    const value = ownValue(values, key);
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : out;
}

function expand(
  item: PlanTemplateTask,
  facts: OpportunityFacts,
  template: Pick<SystemTemplate, 'channels'>,
): GeneratedTask[] {
  if (item.forCustomers && item.forCustomers !== facts.customers) return [];
  if (item.recipe) return RECIPES[item.recipe](facts, template);
  const title = fill(item.title, facts);
  const description = fill(item.description, facts);
  if (!title || description === null) return [];
  return [task(title, description, item.estimatedTime ?? null, [])];
}

/** The phases of a plan for this opportunity, from this template. */
export function generatePhases(
  opportunity: GeneratorInput,
  template: { phases: PlanTemplatePhase[]; channels: SystemTemplate['channels'] },
): GeneratedPhase[] {
  const facts = factsOf(opportunity);
  return template.phases.map((phase) => {
    const seen = new Set<string>();
    const tasks = phase.tasks
      .flatMap((item) => expand(item, facts, template))
      .filter((t) => (seen.has(t.title) ? false : (seen.add(t.title), true)));
    return {
      name: phase.name,
      description: phase.description ?? null,
      estimatedDuration: phase.estimatedDuration ?? null,
      tasks,
    };
  });
}
