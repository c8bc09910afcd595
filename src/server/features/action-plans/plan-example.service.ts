import { asc, desc, eq } from 'drizzle-orm';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searchResults, searches } from '../../db/schema/index.ts';
import { accessible } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { searchResultResource } from '../../lib/access/resources.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { channelsOf, templateFor } from './action-plans.service.ts';
import { toPlanDto, type PlanRows } from './plan.dto.ts';
import { generatePhases } from './plan-generator.logic.ts';
import { ideaSource, opportunitySource, originOf } from './plan-sources.service.ts';

// The example plan a free user sees read-only on the plan page: the default template applied to
// the idea or opportunity they came from (else their latest analysis), generated on each request, never stored.

/** The opportunity an example is built from: the one given, else the top one of the user's latest analysis. */
async function exampleOpportunity(db: Database, principal: Principal, given: number | undefined): Promise<number> {
  if (given !== undefined) return given;
  const [latest] = await db
    .select({ id: searchResults.id })
    .from(searchResults)
    .innerJoin(searches, eq(searches.id, searchResults.searchId))
    .where(accessible(searchResultResource, principal, 'read'))
    .orderBy(desc(searches.timestamp), desc(searches.id), asc(searchResults.rank))
    .limit(1);
  if (!latest) throw new AppError('NOT_FOUND', 'Run a search first: the example plan is built from your own analysis.');
  return latest.id;
}

/**
 * The read-only example plan (free users): generated from the given idea (as its own plan would be, issue 29:
 * an idea typed without a search got another analysis's example), the given opportunity, or the top one of
 * the user's latest analysis — and never stored.
 */
export async function examplePlan(options: {
  db: Database;
  principal: Principal;
  userId: number;
  now: Date;
  searchResultId?: number | undefined;
  ideaId?: number | undefined;
}): Promise<ActionPlanDto> {
  const { db, principal, userId, now } = options;
  const source =
    options.ideaId === undefined
      ? await opportunitySource(db, principal, await exampleOpportunity(db, principal, options.searchResultId))
      : await ideaSource(db, principal, options.ideaId);
  const template = await templateFor(db, userId, undefined);
  const phases = generatePhases(source.input, { phases: template.phases, channels: channelsOf(template) });
  let nextId = 1;
  const rows: PlanRows = {
    plan: {
      id: 0,
      userId,
      searchId: source.searchId,
      searchResultId: source.searchResultId,
      ideaId: source.ideaId,
      templateId: template.id,
      title: `Example: ${source.title}`.slice(0, 200),
      description: source.description,
      status: 'active',
      originalPlan: originOf(source, template, phases, now),
      customizations: {},
      version: 1,
      completedAt: null,
      createdAt: now,
      updatedAt: now,
    },
    phases: [],
    tasks: [],
    edges: [],
    evidence: source.input.evidence,
  };
  for (const [order, phase] of phases.entries()) {
    const phaseId = nextId++;
    rows.phases.push({
      id: phaseId,
      planId: 0,
      name: phase.name,
      description: phase.description,
      order,
      estimatedDuration: phase.estimatedDuration,
      isCustom: false,
      createdAt: now,
    });
    for (const [i, t] of phase.tasks.entries()) {
      rows.tasks.push({
        id: nextId++,
        phaseId,
        planId: 0,
        title: t.title,
        description: t.description,
        estimatedTime: t.estimatedTime,
        resources: [],
        notes: null,
        evidenceIds: t.evidenceIds,
        order: i,
        status: 'not_started',
        isCustom: false,
        assigneeId: userId,
        startedAt: null,
        completedAt: null,
        completedBy: null,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  return toPlanDto(rows, { isExample: true });
}
