import { and, eq, notInArray } from 'drizzle-orm';
import type { Evidence, GapAnalysis, Opportunity } from '#shared/engine/analysis.schemas.ts';
import { SOURCE_ATTRIBUTION } from '#shared/engine/analysis.schemas.ts';
import { optionKey, type CustomerChoice, type CustomerOption, type IdeaCustomer } from '#shared/ideas/idea-customer.ts';
import { IDEA_VALIDATIONS_PER_MINUTE, type IdeaDto, type IdeaValidation } from '#shared/ideas/ideas.schemas.ts';
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
import {
  customerEvidence,
  customerOptions,
  describeCustomer,
  opportunityFor,
  optionOfChoice,
  readIdeaCustomer,
} from './idea-customer.logic.ts';
import { bestMatch, scoreIdea } from './idea-scores.logic.ts';

// Validating an idea (docs/product/ideas.md): the engine's evidence for its market, the scores, the
// market-size inputs and the hypotheses, stored together. The idea's other writes are in ideas.service.ts.

/** What the idea offers, without the customer its title may name ("X for dental practices" → "X"). */
function offeringOf(title: string): string {
  return title.replace(/\s+(?:for|to)\s+.*$/i, '').trim() || title.trim();
}

/**
 * The engine's questions for an idea: its title (it names offering and customer, like a search), then
 * its offering for its target market ("Insurance verification for independent dental clinics"), the
 * form in which the engine reads a customer, as it does in a search.
 */
export function validationQueries(idea: Pick<IdeaRow, 'title' | 'targetMarket'>): string[] {
  const market = idea.targetMarket.trim().replace(/\s+/g, ' ');
  const queries = [idea.title.trim(), market ? `${offeringOf(idea.title)} for ${market}`.slice(0, 200) : ''];
  return [...new Set(queries.filter((q) => q.length > 0))];
}

type Market = {
  analysis: GapAnalysis;
  best: Opportunity | null;
  customer: IdeaCustomer;
  options: CustomerOption[];
  customerEvidence: Evidence[];
};

/**
 * The idea's market, from its customer (issue 29): the engine reads the title and the target market;
 * the customer is the target market's (else the title's), or the one the founder chose; the scores
 * rest on the opportunity about that customer, asked of the engine by name when neither analysis has one.
 */
async function analyseMarket(
  engine: IdeaEngine,
  idea: IdeaRow,
  choice: CustomerChoice | null,
  signal?: AbortSignal,
): Promise<Market> {
  const ask = (query: string) => engine.analyze({ query, filters: defaultFilters() }, signal ? { signal } : {});
  const [titleQuery, marketQuery] = validationQueries(idea);
  const byTitle = await ask(titleQuery!);
  const byMarket = marketQuery ? await ask(marketQuery) : null;
  const analyses = [byTitle, ...(byMarket ? [byMarket] : [])];
  const previous = idea.validation;
  const options = customerOptions(analyses);
  const kept: CustomerOption | null =
    previous?.customer?.chosenBy === 'you'
      ? { kind: previous.customer.kind, code: previous.customer.code, title: previous.customer.title }
      : null;
  let chosen: { option: CustomerOption; chosenBy: IdeaCustomer['chosenBy'] };
  if (choice && choice.kind !== 'automatic') {
    const option = optionOfChoice([...options, ...(previous?.customerOptions ?? []), ...(kept ? [kept] : [])], choice);
    if (!option)
      throw new AppError('VALIDATION_FAILED', 'Choose one of the customers listed for this idea.', {
        customer: 'Choose one of the customers listed for this idea.',
      });
    chosen = { option, chosenBy: 'you' };
  } else if (kept && !choice) chosen = { option: kept, chosenBy: 'you' };
  else chosen = readIdeaCustomer({ targetMarket: byMarket, title: byTitle });
  if (!options.some((o) => optionKey(o) === optionKey(chosen.option))) options.unshift(chosen.option);

  let focus = opportunityFor(analyses, chosen.option);
  if (!focus && chosen.option.kind !== 'consumers') {
    const named = await ask(`${offeringOf(idea.title)} for ${chosen.option.title.toLowerCase()}`.slice(0, 200));
    focus = opportunityFor([named], chosen.option);
  }
  const fallback = byTitle.status === 'ok' && byTitle.opportunities.length > 0 ? byTitle : (byMarket ?? byTitle);
  const analysis = focus?.analysis ?? fallback;
  const best = focus?.best ?? bestMatch(analysis);
  const customer = describeCustomer(chosen.option, chosen.chosenBy, focus?.best ?? null, idea);
  return { analysis, best, customer, options, customerEvidence: customerEvidence(customer, focus?.best ?? null) };
}

/** Cited inputs follow the customer's evidence; the user's own assumptions are kept as they are. */
function marketInputs(current: MarketSizeInputs | null, market: Market, isNewCustomer: boolean): MarketSizeInputs {
  const { customer } = market;
  const kept = (key: keyof MarketSizeInputs) => {
    // A customer the founder has just chosen replaces the count typed for the one before.
    const input = isNewCustomer && key === 'customers' ? null : current?.[key];
    return input && input.source === 'assumption' ? input : null;
  };
  const counted = market.customerEvidence.find((e) => e.id === customer.evidenceIds[customer.evidenceIds.length - 1]);
  const customers =
    kept('customers') && kept('customers')!.value !== null
      ? kept('customers')!
      : customer.count !== null && counted
        ? {
            value: customer.count,
            source: 'evidence' as const,
            evidenceId: counted.id,
            citation: `${counted.note} (${customer.kind === 'industry' ? "the customers' businesses" : 'the customers'}). ${SOURCE_ATTRIBUTION[counted.source].attribution}`,
          }
        : assumption(null);
  return {
    customers,
    pricePerMonth: kept('pricePerMonth') ?? assumption(null),
    serviceableSharePercent: kept('serviceableSharePercent') ?? assumption(null),
    adoptionPercent: kept('adoptionPercent') ?? assumption(null),
  };
}

/** The customer and its evidence in the stored validation (its industry:* ids replace any other opportunity's). */
function withCustomer(validation: IdeaValidation, market: Market): IdeaValidation {
  const ids = new Set(market.customerEvidence.map((e) => e.id));
  return {
    ...validation,
    customer: market.customer,
    customerOptions: market.options,
    evidence: [...validation.evidence.filter((e) => !ids.has(e.id)), ...market.customerEvidence],
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
  /** The founder's choice of customer (PUT /api/ideas/:id/customer); without it, a choice made before is kept. */
  choice?: CustomerChoice;
  /** Test seam: runs inside the transaction just before it commits. */
  beforeCommit?: (tx: Tx) => Promise<void>;
}): Promise<IdeaDto> {
  const { db, engine, principal, id, now, signal, beforeCommit } = options;
  const choice = options.choice ?? null;
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
  const found = await analyseMarket(engine, idea, choice, signal);
  const market = marketInputs(idea.marketSizeInputs, found, choice !== null);
  const validation = withCustomer(
    scoreIdea({ analysis: found.analysis, best: found.best, numbers: numbersOf(idea), market, validatedAt: now }),
    found,
  );
  const hypotheses = draftHypotheses({ best: found.best, customer: found.customer, validation, idea });
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
