import { and, eq, notInArray } from 'drizzle-orm';
import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import { SOURCE_ATTRIBUTION } from '#shared/engine/analysis.schemas.ts';
import { IDEA_VALIDATIONS_PER_MINUTE, type IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { assumption, type MarketSizeInputs } from '#shared/ideas/market-size.ts';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { ideaHypotheses, ideas, type IdeaRow } from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { ideaResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { enforceRateLimit } from '../../lib/http/rate-limit.ts';
import type { IdeaEngine } from './idea-engine.provider.ts';
import { oneDto } from './idea.dto.ts';
import { numbersOf } from './idea-projections.logic.ts';
import { draftHypotheses } from './hypotheses.logic.ts';
import { bestMatch, customerBusinesses, primaryOccupation, scoreIdea } from './idea-scores.logic.ts';

// Validating an idea (docs/product/ideas.md): the engine's evidence for its market, the scores, the
// market-size inputs and the hypotheses, stored together. The idea's other writes are in ideas.service.ts.

/** The engine's question for an idea: its title first (it names offering and customer, like a search), then its target market. */
export function validationQueries(idea: Pick<IdeaRow, 'title' | 'targetMarket'>): string[] {
  const queries = [idea.title.trim(), idea.targetMarket.trim().slice(0, 200)];
  return [...new Set(queries.filter((q) => q.length > 0))];
}

async function analyseMarket(engine: IdeaEngine, idea: IdeaRow, signal?: AbortSignal): Promise<GapAnalysis> {
  let first: GapAnalysis | null = null;
  for (const query of validationQueries(idea)) {
    const analysis = await engine.analyze({ query, filters: defaultFilters() }, signal ? { signal } : {});
    if (analysis.status === 'ok' && analysis.opportunities.length > 0) return analysis;
    first ??= analysis;
  }
  return first!;
}

/** Cited inputs follow the evidence; the user's own assumptions are kept as they are. */
function marketInputs(current: MarketSizeInputs | null, analysis: GapAnalysis): MarketSizeInputs {
  const best = bestMatch(analysis);
  const occupation = best ? primaryOccupation(best) : null;
  const businesses = best ? customerBusinesses(best) : null;
  const kept = (key: keyof MarketSizeInputs) => {
    const input = current?.[key];
    return input && input.source === 'assumption' ? input : null;
  };
  const customers =
    kept('customers') && kept('customers')!.value !== null
      ? kept('customers')!
      : businesses
        ? {
            value: businesses.count,
            source: 'evidence' as const,
            evidenceId: businesses.evidenceId,
            citation: `${businesses.note} (the customers' businesses). ${SOURCE_ATTRIBUTION[businesses.source].attribution}`,
          }
        : occupation
          ? {
              value: occupation.employment,
              source: 'evidence' as const,
              evidenceId: occupation.employmentId,
              citation: `${occupation.note} (${occupation.role === 'customer' ? 'the customers' : 'the people whose work this does'}). ${SOURCE_ATTRIBUTION[occupation.source].attribution}`,
            }
          : assumption(null);
  return {
    customers,
    pricePerMonth: kept('pricePerMonth') ?? assumption(null),
    serviceableSharePercent: kept('serviceableSharePercent') ?? assumption(null),
    adoptionPercent: kept('adoptionPercent') ?? assumption(null),
  };
}

/**
 * Scores the idea against the engine's evidence for its market and stores scores, market-size
 * inputs and hypotheses in ONE transaction: a validation that fails or is interrupted anywhere leaves
 * the idea as it was. Same corpus and inputs → same scores (re-validating is idempotent).
 */
export async function validateIdea(options: {
  db: Database;
  engine: IdeaEngine;
  principal: Principal;
  id: number;
  now: Date;
  signal?: AbortSignal;
  /** Test seam: runs inside the transaction just before it commits. */
  beforeCommit?: (tx: Tx) => Promise<void>;
}): Promise<IdeaDto> {
  const { db, engine, principal, id, now, signal, beforeCommit } = options;
  const [idea] = await db
    .select()
    .from(ideas)
    .where(accessibleRow(ideaResource, id, principal, 'write'));
  if (!idea) throw notFound(ideaResource.label);
  if (idea.status === 'archived') throw new AppError('CONFLICT', 'Unarchive the idea to validate it.');
  await enforceRateLimit({
    db,
    key: `idea-validation:user:${idea.userId}`,
    limit: IDEA_VALIDATIONS_PER_MINUTE,
    windowMs: MINUTE_MS,
    now,
    message: 'You are validating very quickly. Please wait a minute and try again.',
  });
  const analysis = await analyseMarket(engine, idea, signal);
  const market = marketInputs(idea.marketSizeInputs, analysis);
  const validation = scoreIdea({ analysis, numbers: numbersOf(idea), market, validatedAt: now });
  const hypotheses = draftHypotheses({ analysis, validation, idea });
  const score = (key: string) => validation.scores.find((s) => s.key === key)?.score ?? null;
  return db.transaction(async (tx) => {
    // The idea must still be the one that was scored: an edit in between would pair scores with another text.
    const [row] = await tx
      .update(ideas)
      .set({
        originalityScore: score('originality'),
        credibilityScore: score('credibility'),
        marketGapScore: score('marketGap'),
        competitionScore: score('competition'),
        overallScore: score('overall'),
        validation,
        marketSizeInputs: market,
        status: 'validated',
        updatedAt: now,
      })
      .where(and(eq(ideas.id, idea.id), eq(ideas.updatedAt, idea.updatedAt)))
      .returning();
    if (!row) throw new AppError('CONFLICT', 'The idea changed while it was being validated. Validate it again.');
    for (const h of hypotheses) {
      await tx
        .insert(ideaHypotheses)
        .values({ ideaId: row.id, ...h })
        .onConflictDoUpdate({
          target: [ideaHypotheses.ideaId, ideaHypotheses.key],
          set: {
            rank: h.rank,
            basedOn: h.basedOn,
            evidenceIds: h.evidenceIds,
            killCriterion: h.killCriterion,
            interviewScript: h.interviewScript,
          },
        });
    }
    // Hypotheses no longer drawn go, unless the founder has recorded a result for them.
    await tx.delete(ideaHypotheses).where(
      and(
        eq(ideaHypotheses.ideaId, row.id),
        eq(ideaHypotheses.status, 'untested'),
        hypotheses.length
          ? notInArray(
              ideaHypotheses.key,
              hypotheses.map((h) => h.key),
            )
          : undefined,
      ),
    );
    await beforeCommit?.(tx);
    return oneDto(tx, row);
  });
}
