import { asc, eq } from 'drizzle-orm';
import type { PlanOrigin } from '#shared/action-plans/action-plans.schemas.ts';
import type { Competitor } from '#shared/engine/analysis.schemas.ts';
import type { IdeaValidation } from '#shared/ideas/ideas.schemas.ts';
import type { Database } from '../../db/client.ts';
import {
  ideaHypotheses,
  ideas,
  searchResults,
  searches,
  type IdeaRow,
  type PlanTemplateRow,
  type SearchResultRow,
} from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { ideaResource, searchResultResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import type { GeneratorInput, IdeaFacts } from './plan-facts.logic.ts';
import type { GeneratedPhase } from './plan-generator.logic.ts';

// What a plan is generated from: one opportunity of a stored analysis, or a validated idea (its
// scores and hypotheses, on its source opportunity when it came from one, else on the evidence its
// validation stored). Both are read through the caller's access: another user's is a 404.

export type PlanSource = {
  input: GeneratorInput;
  searchId: number | null;
  searchResultId: number | null;
  ideaId: number | null;
  title: string;
  description: string | null;
  query: string | null;
  opportunityTitle: string | null;
  corpusVersion: string | null;
};

type StoredOpportunity = { result: SearchResultRow; query: string; corpusVersion: string };

async function storedOpportunity(
  db: Database,
  principal: Principal,
  searchResultId: number,
): Promise<StoredOpportunity | null> {
  const [row] = await db
    .select({ result: searchResults, query: searches.query, corpusVersion: searches.corpusVersion })
    .from(searchResults)
    .innerJoin(searches, eq(searches.id, searchResults.searchId))
    .where(accessibleRow(searchResultResource, searchResultId, principal, 'read'));
  return row ?? null;
}

export async function opportunitySource(
  db: Database,
  principal: Principal,
  searchResultId: number,
): Promise<PlanSource> {
  const row = await storedOpportunity(db, principal, searchResultId);
  if (!row) throw notFound(searchResultResource.label);
  return {
    input: row.result,
    searchId: row.result.searchId,
    searchResultId: row.result.id,
    ideaId: null,
    title: row.result.title,
    description: row.result.description,
    query: row.query,
    opportunityTitle: row.result.title,
    corpusVersion: row.corpusVersion,
  };
}

export const VALIDATE_FIRST_MESSAGE =
  'Validate the idea first: its plan is built from its scores and hypotheses. Edited ideas need re-validating.';

/** "Acme (W21, Active): one-liner" → a competitor named by the directory evidence the validation cited. */
function competitorsOf(validation: IdeaValidation): Competitor[] {
  return validation.evidence.flatMap((e) => {
    if (!e.id.startsWith('company:')) return [];
    const name = /^(.+?) \(/.exec(e.note)?.[1]?.trim();
    if (!name) return [];
    const oneLiner = /\):\s*(.+)$/.exec(e.note)?.[1]?.trim();
    return [
      {
        name,
        source: e.source,
        verified: true,
        evidenceId: e.id,
        ...(typeof e.value === 'string' ? { status: e.value } : {}),
        ...(oneLiner ? { oneLiner } : {}),
        ...(e.url ? { url: e.url } : {}),
      },
    ];
  });
}

/** "Independent dental practices" → "independent dental practices" (acronyms stay as they are). */
function lowerFirst(text: string): string {
  const t = text.trim().replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(t) ? `${t.charAt(0).toLowerCase()}${t.slice(1)}` : t;
}

function ideaFacts(idea: IdeaRow, validation: IdeaValidation, hypotheses: IdeaFacts['hypotheses']): IdeaFacts {
  return {
    id: idea.id,
    title: idea.title,
    scores: validation.scores.map((s) => ({
      key: s.key,
      label: s.label,
      score: s.score,
      whatWouldChange: s.whatWouldChange,
    })),
    hypotheses,
  };
}

export async function ideaSource(db: Database, principal: Principal, ideaId: number): Promise<PlanSource> {
  const [idea] = await db
    .select()
    .from(ideas)
    .where(accessibleRow(ideaResource, ideaId, principal, 'read'));
  if (!idea) throw notFound(ideaResource.label);
  const validation = idea.validation;
  if (idea.status !== 'validated' || !validation) throw new AppError('BAD_REQUEST', VALIDATE_FIRST_MESSAGE);
  const hypotheses = await db
    .select()
    .from(ideaHypotheses)
    .where(eq(ideaHypotheses.ideaId, idea.id))
    .orderBy(asc(ideaHypotheses.rank), asc(ideaHypotheses.id));
  const facts = ideaFacts(
    idea,
    validation,
    hypotheses.map((h) => ({
      statement: h.statement,
      killCriterion: h.killCriterion,
      interviewScript: h.interviewScript,
      status: h.status,
      evidenceIds: h.evidenceIds,
    })),
  );
  const source = idea.sourceSearchResultId ? await storedOpportunity(db, principal, idea.sourceSearchResultId) : null;
  const input: GeneratorInput = source
    ? { ...source.result, idea: facts }
    : {
        title: idea.title,
        cell: { offering: lowerFirst(idea.title), segment: lowerFirst(idea.targetMarket) },
        competitors: competitorsOf(validation),
        evidence: validation.evidence,
        riskFlags: [],
        targetAudience: idea.targetMarket,
        idea: facts,
      };
  return {
    input,
    searchId: source?.result.searchId ?? null,
    // The opportunity's own plan stays separate: an idea's plan is keyed by the idea.
    searchResultId: null,
    ideaId: idea.id,
    title: idea.title,
    description: idea.description,
    query: source?.query ?? validation.query,
    opportunityTitle: source?.result.title ?? validation.bestOpportunity?.title ?? null,
    corpusVersion: source?.corpusVersion ?? validation.corpus.version,
  };
}

export function originOf(
  source: PlanSource,
  template: PlanTemplateRow,
  phases: GeneratedPhase[],
  now: Date,
): PlanOrigin {
  return {
    kind: source.ideaId !== null ? 'idea' : 'analysis',
    searchId: source.searchId,
    searchResultId: source.searchResultId,
    ...(source.ideaId !== null ? { ideaId: source.ideaId, ideaTitle: source.title } : {}),
    query: source.query,
    opportunityTitle: source.opportunityTitle,
    corpusVersion: source.corpusVersion,
    templateName: template.name,
    generatedAt: now.toISOString(),
    phases: phases.map((p) => ({ name: p.name, tasks: p.tasks.map((t) => t.title) })),
  };
}
