import { and, desc, eq } from 'drizzle-orm';
import type { ListQuery } from '#shared/api/list.schemas.ts';
import type { Opportunity } from '#shared/engine/analysis.schemas.ts';
import {
  CUSTOMER_ESTABLISHMENTS_ID,
  CUSTOMER_INDUSTRY_ID,
  CUSTOMER_STAFF_PREFIX,
  type MarketReportDto,
  type ReportCustomers,
} from '#shared/market-research/market-research.schemas.ts';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { orderOpportunities } from '#shared/searches/opportunity-order.ts';
import type { Database } from '../../db/client.ts';
import { marketReports, searches, type UserRow } from '../../db/schema/index.ts';
import { COVERAGE_CAVEAT, loadEngineIndex, SEED_WARNING } from '../../engine/engine.ts';
import { marketProfile } from '../../engine/market-profile.ts';
import type { MarketProfileResult } from '../../engine/pool/engine-pool.ts';
import type { Env } from '../../env.ts';
import { accessibleRow, assertCanAccess } from '../../lib/access/policy.ts';
import { userPrincipal, type Principal } from '../../lib/access/principal.ts';
import { marketReportResource, searchResource } from '../../lib/access/resources.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import { mapPage, paginate, type KeysetColumn } from '../../lib/http/paginate.ts';
import { usageOf } from '../../lib/domain/usage.ts';
import { enforceSearchRates, tooManyInFlight } from './run-search.service.ts';
import type { SearchEngine } from './search-engine.provider.ts';
import { releaseReservation, reserveSearch, settleReservation } from './search-quota.service.ts';

// A market-research report: the engine's market profile (occupations, tasks, software, NAICS,
// startups over time) plus the open opportunities of an analysis, with caveats. Counted like a
// search (docs/decisions/011): the quota unit is reserved before the engine runs, given back when the
// report finds no data at all, and the report is stored in the same transaction that settles it.

type StoredReport = typeof marketReports.$inferSelect;

const PROFILE_CAVEATS = [
  'Occupations, employment, wages and openings are U.S. figures (BLS Employment Projections 2023–2033, O*NET 29.3); they describe the people in this market, not its revenue.',
  'Software is what O*NET lists workers in these occupations as using, not market share.',
];

function toDto(row: StoredReport, source: MarketReportDto['source']): MarketReportDto {
  return {
    id: row.id,
    market: row.market,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    corpus: { version: row.corpusVersion, kind: row.corpusKind },
    countedAsSearch: row.countedAsSearch,
    source,
    ...row.report,
    customers: row.report.customers ?? null,
  };
}

const isIndustryEvidence = (id: string): boolean =>
  id === CUSTOMER_INDUSTRY_ID || id === CUSTOMER_ESTABLISHMENTS_ID || id.startsWith(CUSTOMER_STAFF_PREFIX);

/**
 * Who the customers are, as the analysis says (issue 28 point 9): the industry evidence of the query's own
 * opportunity (else of the first opportunity that names an industry), copied as it is; when none names
 * one, a plain sentence instead of a size.
 */
export function reportCustomers(opportunities: readonly Opportunity[]): ReportCustomers {
  const names = (o: Opportunity) => o.evidence.some((e) => e.id === CUSTOMER_INDUSTRY_ID);
  const core = opportunities.find((o) => o.cell.kind === 'core');
  const from = core && names(core) ? core : opportunities.find(names);
  if (from)
    return {
      opportunityTitle: from.title,
      evidence: from.evidence.filter((e) => isIndustryEvidence(e.id)),
      noIndustryNote: null,
    };
  return {
    opportunityTitle: null,
    evidence: [],
    noIndustryNote:
      opportunities.length === 0
        ? 'The analysis names no single customer industry: it found no opportunity to read one from, so this report gives no number of customers.'
        : 'The analysis names no single customer industry: it reads this as a market of consumers, or of buyers across many industries, so this report gives no number of customers rather than guess one.',
  };
}

/** Without the engine pool (ENGINE_WORKERS=0, test stand-ins): the profile on this thread. */
async function profileInProcess(env: Env, market: string): Promise<MarketProfileResult> {
  const index = await loadEngineIndex(env);
  const profile = await marketProfile(index, market);
  return { profile, corpus: { kind: index.corpus.kind, version: index.corpus.version } };
}

export type MarketResearchOutcome = { upgradeRequired: boolean; report: { id: number } | null };

export async function runMarketResearch(options: {
  db: Database;
  clock: Clock;
  env: Env;
  engine: SearchEngine;
  user: UserRow;
  market: string;
  /** The analysis the report starts from: must be the user's (404 otherwise, before any quota is used). */
  sourceSearchId?: number | undefined;
  signal?: AbortSignal;
}): Promise<MarketResearchOutcome> {
  const { db, clock, env, engine, user, market, sourceSearchId } = options;
  if (sourceSearchId !== undefined)
    await assertCanAccess({
      db,
      resource: searchResource,
      id: sourceSearchId,
      principal: userPrincipal(user.id),
      permission: 'read',
    });
  const usage = usageOf(user, clock.now());
  const limit = usage.searchesLimit;
  if (limit !== null && usage.searchesUsed >= limit) return { upgradeRequired: true, report: null };
  await enforceSearchRates(db, user, limit !== null, clock.now());
  const reserved = await reserveSearch(db, { userId: user.id, limit, now: clock.now() });
  if (reserved.kind === 'quota_exhausted') return { upgradeRequired: true, report: null };
  if (reserved.kind === 'too_many_in_flight') throw tooManyInFlight();
  const { reservation } = reserved;
  try {
    const signalOption = options.signal ? { signal: options.signal } : {};
    const { profile, corpus } = engine.marketProfile
      ? await engine.marketProfile(market, signalOption)
      : await profileInProcess(env, market);
    const analysis = await engine.analyze({ query: market, filters: defaultFilters() }, signalOption);
    options.signal?.throwIfAborted();
    const ordered = orderOpportunities(analysis.opportunities, defaultFilters());
    const opportunities = ordered.map((o) => ({
      rank: o.rank,
      title: o.title,
      description: o.description,
      category: o.category,
      opportunityScore: o.opportunityScore,
      competitors: o.competitors.length,
    }));
    const hasData = profile.occupations.length > 0 || profile.startups.companies > 0 || opportunities.length > 0;
    const caveats = [
      ...(corpus.kind === 'seed' ? [SEED_WARNING] : []),
      COVERAGE_CAVEAT,
      ...PROFILE_CAVEATS,
      ...profile.query.warnings,
    ];
    const id = await db.transaction(async (tx) => {
      const now = clock.now();
      if (!(await settleReservation(tx, { reservation, usesSearch: hasData, limit, now }))) return null;
      const [row] = await tx
        .insert(marketReports)
        .values({
          userId: user.id,
          market,
          createdAt: now,
          status: hasData ? 'ok' : 'empty',
          corpusVersion: corpus.version,
          corpusKind: corpus.kind,
          countedAsSearch: hasData,
          sourceSearchId: sourceSearchId ?? null,
          report: {
            profile,
            opportunities,
            opportunitiesNote:
              opportunities.length === 0 ? (analysis.reason ?? 'The engine found no opportunity.') : null,
            customers: reportCustomers(ordered),
            caveats,
          },
        })
        .returning({ id: marketReports.id });
      return row!.id;
    });
    if (id === null) return { upgradeRequired: true, report: null };
    return { upgradeRequired: false, report: { id } };
  } catch (error) {
    await releaseReservation(db, reservation).catch(() => undefined);
    throw error;
  }
}

export async function findMarketReport(options: {
  db: Database;
  principal: Principal;
  id: number;
}): Promise<MarketReportDto> {
  const [row] = await options.db
    .select()
    .from(marketReports)
    .where(accessibleRow(marketReportResource, options.id, options.principal, 'read'));
  if (!row) throw notFound(marketReportResource.label);
  return toDto(row, await sourceOf(options.db, row.sourceSearchId, options.principal));
}

/** The analysis a report came from, only while this principal may still open it (else no link). */
async function sourceOf(
  db: Database,
  searchId: number | null,
  principal: Principal,
): Promise<MarketReportDto['source']> {
  if (searchId === null) return null;
  const [search] = await db
    .select({ query: searches.query })
    .from(searches)
    .where(accessibleRow(searchResource, searchId, principal, 'read'));
  return search ? { searchId, query: search.query } : null;
}

type ListRow = Pick<StoredReport, 'id' | 'market' | 'createdAt' | 'status'>;
const newestFirst: KeysetColumn<ListRow>[] = [
  { column: marketReports.createdAt, direction: 'desc', value: (r) => r.createdAt },
  { column: marketReports.id, direction: 'desc', value: (r) => r.id },
];

export async function listMarketReports(options: { db: Database; userId: number; query: ListQuery }) {
  const { db, userId, query } = options;
  const page = await paginate({
    query,
    keyset: newestFirst,
    fetch: ({ limit, offset, after }) =>
      db
        .select({
          id: marketReports.id,
          market: marketReports.market,
          createdAt: marketReports.createdAt,
          status: marketReports.status,
        })
        .from(marketReports)
        .where(and(eq(marketReports.userId, userId), after))
        .orderBy(desc(marketReports.createdAt), desc(marketReports.id))
        .limit(limit)
        .offset(offset),
  });
  return mapPage(page, (r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
