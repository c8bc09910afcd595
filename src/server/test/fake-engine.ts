import type { GapAnalysis, Opportunity, ScoreBreakdown } from '#shared/engine/analysis.schemas.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { SearchEngine } from '../features/searches/search-engine.provider.ts';

// A trivial, fast engine for tests about quota, persistence and access control (the real engine
// has its own tests, and one test here goes through it). Its output satisfies the engine contract.

function breakdown(score: number, evidenceId: string): ScoreBreakdown {
  return {
    score,
    formula: 'value × weight',
    factors: [
      {
        key: 'k',
        label: 'Fixture factor',
        value: score,
        weight: 1,
        contribution: score,
        evidenceIds: [evidenceId],
        explanation: 'Fixture value.',
      },
    ],
  };
}

export function fakeOpportunity(rank: number, query: string): Opportunity {
  const evidenceId = `seed:fixture-${rank}`;
  const score = 50 + rank * 5;
  return {
    rank,
    title: `Opportunity ${rank} for ${query}`.slice(0, 200),
    description: `A fixture opportunity number ${rank}.`,
    gapReason: 'Few companies serve this cell in the fixture.',
    competitorAnalysis: 'One fixture competitor, still active.',
    industryContext: 'Fixture industry context.',
    targetAudience: 'Fixture audience',
    actionableRecommendations: ['Interview ten customers'],
    keyTrends: ['Fixture trend'],
    category: 'technology',
    innovationScore: score,
    marketSize: score - 10,
    feasibility: score - 20,
    marketPotential: 'high',
    confidenceScore: 60,
    priority: 'medium',
    opportunityScore: 7.5,
    relevance: 0.5,
    latestEvidenceDate: '2024-06-01',
    cell: { offering: 'fixture offering', segment: 'fixture segment' },
    competitors: [{ name: 'Fixture Co', status: 'Active', source: 'seed', verified: true, evidenceId }],
    evidence: [
      {
        id: evidenceId,
        source: 'seed',
        ref: `fixture-${rank}`,
        value: 1,
        note: 'Fixture evidence',
        date: '2024-06-01',
      },
    ],
    breakdown: {
      opportunityScore: breakdown(score, evidenceId),
      innovationScore: breakdown(score, evidenceId),
      marketSize: breakdown(score - 10, evidenceId),
      feasibility: breakdown(score - 20, evidenceId),
      confidenceScore: breakdown(60, evidenceId),
      marketPotential: breakdown(70, evidenceId),
      priority: breakdown(50, evidenceId),
    },
    riskFlags: [],
  };
}

export function fakeAnalysis(query: string, filters: SearchFilters, count = 2): GapAnalysis {
  return {
    query,
    filters,
    status: 'ok',
    reason: null,
    engine: 'offline',
    composer: { mode: 'offline', model: null, error: null, tokensUsed: null },
    corpus: { version: 'fixture-1', kind: 'seed', sources: ['seed'] },
    rubricVersion: 'rubric-fixture',
    retrieval: { semantic: false, note: null },
    facets: { offering: ['fixture offering'], segment: ['fixture segment'], keywords: [] },
    opportunities: Array.from({ length: count }, (_, i) => fakeOpportunity(i + 1, query)),
    warnings: [],
  };
}

export type FakeEngineOptions = {
  fail?: boolean;
  /** Opportunities in each answer (default 2); 0 = an answer that finds nothing. */
  opportunities?: number;
  /** insufficient_data = an abstention (no opportunities, a reason). */
  status?: 'ok' | 'insufficient_data';
  /** Each analysis waits for this before answering (to hold searches in flight). */
  gate?: () => Promise<void>;
};

/** An engine answering at once (or when its gate opens); `calls` counts analyses started. */
export function createFakeEngine(options: FakeEngineOptions = {}): SearchEngine & { calls: number } {
  const engine = {
    calls: 0,
    analyze: async (
      { query, filters }: { query: string; filters: SearchFilters },
      hooks: Parameters<SearchEngine['analyze']>[1],
    ) => {
      engine.calls++;
      hooks?.onStage?.('parsing');
      await options.gate?.();
      if (options.fail) throw new Error('engine exploded');
      const analysis = fakeAnalysis(query, filters, options.status === 'insufficient_data' ? 0 : options.opportunities);
      if (options.status === 'insufficient_data') {
        analysis.status = 'insufficient_data';
        analysis.reason = 'The fixture corpus has nothing on this.';
      }
      hooks?.onStage?.('writing');
      for (const o of analysis.opportunities) hooks?.onOpportunity?.(o);
      return analysis;
    },
  };
  return engine;
}

/** An engine that waits until aborted (to test Cancel). */
export function createHangingEngine(): SearchEngine & { started: Promise<void>; aborted: Promise<void> } {
  let markStarted: () => void = () => undefined;
  let markAborted: () => void = () => undefined;
  const started = new Promise<void>((r) => (markStarted = r));
  const aborted = new Promise<void>((r) => (markAborted = r));
  return {
    started,
    aborted,
    analyze: (_input, hooks) =>
      new Promise((_resolve, reject) => {
        hooks?.onStage?.('parsing');
        markStarted();
        hooks?.signal?.addEventListener('abort', () => {
          markAborted();
          reject(new Error('aborted'));
        });
      }),
  };
}

/** An engine whose parsed facets are the query's first word, so tests control trending themes. */
export function createThemedEngine(): SearchEngine {
  return {
    analyze: ({ query, filters }) => {
      const analysis: GapAnalysis = fakeAnalysis(query, filters, 1);
      analysis.facets = { offering: [query.split(' ')[0] ?? 'none'], segment: [], keywords: [] };
      return Promise.resolve(analysis);
    },
  };
}

/** One opportunity per analysis whose evidence cites the YC directory, O*NET and BLS (a full-corpus answer). */
export function createCitingEngine(): SearchEngine {
  return {
    analyze: ({ query, filters }) => {
      const analysis: GapAnalysis = fakeAnalysis(query, filters, 1);
      analysis.corpus = { version: 'full-fixture', kind: 'full', sources: ['yc', 'onet', 'bls'] };
      for (const o of analysis.opportunities) {
        o.competitors = [
          { name: 'Initech Dental', status: 'Active', source: 'yc', verified: true, evidenceId: 'yc:initech' },
        ];
        o.evidence = [
          { id: 'yc:initech', source: 'yc', ref: 'initech', value: 1, note: 'Initech Dental, a YC company' },
          { id: 'onet:29-1021', source: 'onet', ref: '29-1021.00', value: 'Dentists', note: 'Dentists, General' },
          { id: 'bls:29-1021', source: 'bls', ref: '29-1021', value: 4.2, note: 'Projected growth 2023-2033, %' },
        ];
      }
      return Promise.resolve(analysis);
    },
  };
}
