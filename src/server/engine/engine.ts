import type { AnalysisStage, EvidenceSource, GapAnalysis, Opportunity } from '#shared/engine/analysis.schemas.ts';
import { searchFiltersSchema, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { Env } from '../env.ts';
import { loadCorpus } from './corpus/load-corpus.ts';
import { deriveIndex, type EngineIndex } from './index/engine-index.ts';
import { loadOrBuildLexical } from './index/index-cache.ts';
import { startSemanticIndex } from './index/semantic-index.ts';
import { composeWithModel } from './llm/compose-llm.ts';
import { languageModelFromEnv, type EngineLanguageModel } from './llm/language-model.ts';
import { abortError, runPipeline, toOpportunity, type ScoredCell } from './pipeline/analyze.ts';
import { composeOffline } from './pipeline/compose-offline.ts';
import { RUBRIC_VERSION } from './pipeline/rubric.ts';
import { preloadWordNet } from './text/wordnet.ts';

// The engine's public face: analyze(query, filters) → GapAnalysis, and status() for /api/health.

export type EngineStatus = {
  mode: 'offline' | 'llm';
  corpusVersion: string;
  corpusKind: 'full' | 'seed';
  semantic: boolean;
  ready: boolean;
};

export type AnalyzeOptions = {
  signal?: AbortSignal;
  /**
   * `background` (watch re-runs): the engine pool runs it only when no interactive analysis waits,
   * and never on every worker at once, so a person's search is not kept waiting behind it.
   */
  priority?: 'interactive' | 'background';
  onStage?: (stage: AnalysisStage) => void;
  onOpportunity?: (o: Opportunity) => void;
  /**
   * The analysis was accepted but waits for a free engine slot (the pool's queue): called when it
   * joins the queue and again each time it moves up; 1 means it is next. Never called for an
   * analysis that starts at once, nor for one the full queue refuses.
   */
  onQueued?: (position: number) => void;
};

export type Engine = {
  analyze(input: { query: string; filters: SearchFilters }, options?: AnalyzeOptions): Promise<GapAnalysis>;
  status(): EngineStatus;
};

export const SEED_WARNING =
  'Answered from the seed corpus, a small sample of the public datasets: confidence is low. Set DATASETS_DIR to the full datasets for a real analysis.';
export const COVERAGE_CAVEAT =
  'The YC directory is a sample of venture-backed startups: "not found in our data" never means "no competitors". O*NET and BLS describe U.S. occupations.';

const SEED_SOURCES: EvidenceSource[] = ['seed', 'naics', 'wordnet', 'vocabulary'];
const FULL_SOURCES: EvidenceSource[] = ['yc', 'onet', 'bls', 'naics', 'wordnet', 'vocabulary'];
/** The staffing matrix and business counts, when DATASETS_DIR holds them. */
const MARKET_SOURCES: EvidenceSource[] = ['staffing', 'census'];

// One index per corpus per process: test suites build many apps, the corpus loads once.
const indexes = new Map<string, Promise<EngineIndex>>();

/** `reload`: read the files again (a corpus refresh at run time) instead of reusing this process's copy. */
export function loadEngineIndex(env: Env, options: { reload?: boolean } = {}): Promise<EngineIndex> {
  const key = `${env.DATASETS_DIR ?? '(seed)'}|${env.SEMANTIC_SEARCH}`;
  let pending = options.reload ? undefined : indexes.get(key);
  if (!pending) {
    pending = Promise.resolve().then(() => {
      const corpus = loadCorpus(env.DATASETS_DIR);
      const lexical = loadOrBuildLexical(corpus, env.DATA_DIR_ABS);
      const index = deriveIndex(corpus, lexical.indexes);
      preloadWordNet();
      if (env.SEMANTIC_SEARCH)
        startSemanticIndex(index, env.DATA_DIR_ABS, { lowerPriority: env.ENGINE_THREAD_PRIORITY === 'low' });
      else index.semantic.note = 'Semantic search is switched off (SEMANTIC_SEARCH=false): lexical retrieval only.';
      return index;
    });
    const loading = pending;
    // A failed reload leaves the copy already loaded in place.
    loading.catch(() => {
      if (indexes.get(key) === loading) indexes.delete(key);
    });
    if (!options.reload) indexes.set(key, loading);
    else
      void loading.then(
        () => indexes.set(key, loading),
        () => undefined,
      );
  }
  return pending;
}

/** Provider errors can echo credentials ("Incorrect API key provided: sk-…"); users see the message. */
export function redact(message: string, apiKey: string | undefined): string {
  const withoutKey = apiKey ? message.split(apiKey).join('[redacted]') : message;
  return withoutKey.replace(/\b(sk|pk|key|api|token)[-_][A-Za-z0-9_*-]{6,}/gi, '[redacted]');
}

export async function createEngine(options: {
  env: Env;
  languageModel?: EngineLanguageModel;
  modelId?: string;
}): Promise<Engine> {
  return engineFromIndex(await loadEngineIndex(options.env), options);
}

/** An engine over an index already in memory (benchmarks and the eval's leave-one-out use this). */
export function engineFromIndex(
  index: EngineIndex,
  options: { env: Env; languageModel?: EngineLanguageModel; modelId?: string },
): Engine {
  const { env } = options;
  const configured = options.languageModel
    ? { model: options.languageModel, id: options.modelId ?? options.languageModel.modelId }
    : languageModelFromEnv(env);

  async function analyze(
    input: { query: string; filters: SearchFilters },
    opts: AnalyzeOptions = {},
  ): Promise<GapAnalysis> {
    const filters = searchFiltersSchema.parse(input.filters);
    const { signal } = opts;
    const semanticReady = index.semantic.sets !== null && index.semantic.embed !== null;
    const result = await runPipeline(index, { query: input.query, filters }, opts);
    const corpus = index.corpus;
    const warnings = [...result.query.warnings];
    if (corpus.kind === 'seed') warnings.push(SEED_WARNING);
    warnings.push(COVERAGE_CAVEAT);
    const base = {
      query: input.query,
      filters,
      corpus: {
        version: corpus.version,
        kind: corpus.kind,
        sources: corpus.kind === 'seed' ? SEED_SOURCES : [...FULL_SOURCES, ...(corpus.market ? MARKET_SOURCES : [])],
      },
      rubricVersion: RUBRIC_VERSION,
      retrieval: {
        semantic: result.semanticUsed,
        note: result.semanticUsed
          ? null
          : semanticReady
            ? 'The sentence model failed on this query: lexical retrieval only.'
            : (index.semantic.note ?? 'Sentence vectors are still being computed: lexical retrieval only for now.'),
      },
      facets: {
        offering: result.query.groups.filter((g) => g.facet === 'offering').map((g) => g.word),
        segment: result.query.groups.filter((g) => g.facet === 'segment').map((g) => g.word),
        keywords: result.query.groups.filter((g) => g.facet === 'keyword').map((g) => g.word),
      },
    };
    const offlineComposer = { mode: 'offline' as const, model: null, error: null, tokensUsed: null };
    if (result.status === 'insufficient_data') {
      return {
        ...base,
        status: 'insufficient_data',
        reason: result.reason,
        engine: 'offline',
        composer: offlineComposer,
        opportunities: [],
        warnings,
      };
    }
    if (result.filteredOut > 0 && result.cells.length === 0)
      warnings.push(`None of the ${result.filteredOut} opportunities found meets the chosen filters.`);
    opts.onStage?.('writing');
    const opportunities: Opportunity[] = [];
    let llmError = null as string | null;
    let tokens = 0;
    const deadline = configured ? AbortSignal.timeout(env.AI_TIMEOUT_MS) : null;
    for (const [i, cell] of result.cells.entries()) {
      if (signal?.aborted) throw abortError(signal);
      let opportunity: Opportunity | null = null;
      if (configured && llmError === null) {
        opportunity = await composeOne(cell, i + 1).catch((error: unknown) => {
          if (signal?.aborted) throw abortError(signal);
          llmError = deadline?.aborted
            ? `The language model did not answer within ${env.AI_TIMEOUT_MS} ms.`
            : `The language model failed: ${redact((error as Error).message, env.AI_API_KEY).slice(0, 300)}`;
          return null;
        });
      }
      opportunity ??= {
        ...toOpportunity(cell, i + 1, composeOffline(cell, cell.scores), result.query),
        composedBy: 'offline',
      };
      opportunities.push(opportunity);
      opts.onOpportunity?.(opportunity);
    }
    if (llmError)
      warnings.push(`${llmError} The text below was written by the offline composer from the same evidence.`);

    async function composeOne(cell: ScoredCell, rank: number): Promise<Opportunity> {
      const signals = [deadline!, ...(signal ? [signal] : [])];
      const composed = await composeWithModel(configured!.model, input.query, cell, AbortSignal.any(signals));
      tokens += composed.tokens;
      return { ...toOpportunity(cell, rank, composed.text, result.query), composedBy: 'llm' };
    }

    const llmUsed = configured !== null && opportunities.some((o) => o.composedBy === 'llm');
    return {
      ...base,
      status: 'ok',
      reason: null,
      engine: llmUsed && llmError === null ? 'llm' : 'offline',
      composer: configured
        ? {
            mode: llmError ? 'offline_fallback' : llmUsed ? 'llm' : 'offline',
            model: configured.id,
            error: llmError,
            tokensUsed: tokens,
          }
        : offlineComposer,
      opportunities,
      warnings,
    };
  }

  return {
    analyze,
    status: () => ({
      mode: configured ? 'llm' : 'offline',
      corpusVersion: index.corpus.version,
      corpusKind: index.corpus.kind,
      semantic: index.semantic.sets !== null,
      ready: true,
    }),
  };
}
