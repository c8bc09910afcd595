import type { Category } from '#shared/searches/filters.schemas.ts';
import type { Env } from '../../env.ts';
import type { Company, Projection } from '../corpus/corpus.types.ts';
import { loadEngineIndex } from '../engine.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { evidenceDate } from '../pipeline/classify.ts';

// What the trends screens read from the engine's index (issue 32): the companies' dates, tags,
// statuses and engine categories, the BLS projections and the corpus's document frequencies, and
// nothing else. An engine worker builds it from the index it already holds, so the request thread
// never loads the index (7–10 s and ~330 MB on the full datasets) for a trends page; the copy that
// comes back is a few megabytes, structured-cloned once per process.

export type TrendsCompany = Pick<
  Company,
  'slug' | 'name' | 'oneLiner' | 'status' | 'batch' | 'website' | 'year' | 'launchedAt' | 'tags'
> & { evidenceDate: string | null };

export type TrendsCorpus = {
  version: string;
  kind: 'full' | 'seed';
  companies: TrendsCompany[];
  /** The engine's category of each company, in the same order. */
  categories: Category[];
  projections: Map<string, Pick<Projection, 'title' | 'employment2023' | 'employment2033' | 'percentChange'>>;
  /** In how many companies each processed term occurs (trending themes must be common market language). */
  documentFrequency: Map<string, number>;
};

export function trendsCorpusOf(index: EngineIndex): TrendsCorpus {
  const { corpus } = index;
  return {
    version: corpus.version,
    kind: corpus.kind,
    companies: corpus.companies.map((c) => ({
      slug: c.slug,
      name: c.name,
      oneLiner: c.oneLiner,
      status: c.status,
      batch: c.batch,
      website: c.website,
      year: c.year,
      launchedAt: c.launchedAt,
      tags: c.tags,
      evidenceDate: evidenceDate(c),
    })),
    categories: index.categories,
    projections: new Map(
      [...corpus.projections].map(([soc, p]) => [
        soc,
        {
          title: p.title,
          employment2023: p.employment2023,
          employment2033: p.employment2033,
          percentChange: p.percentChange,
        },
      ]),
    ),
    documentFrequency: index.documentFrequency,
  };
}

type TrendsSource = {
  trendsCorpus: (options?: { signal?: AbortSignal }) => Promise<TrendsCorpus>;
  status: () => { corpusVersion: string };
};

function isTrendsSource(engine: object | null): engine is TrendsSource {
  return engine !== null && 'trendsCorpus' in engine && typeof engine.trendsCorpus === 'function';
}

const fromPools = new WeakMap<object, { version: string; pending: Promise<TrendsCorpus> }>();
const fromIndexes = new WeakMap<EngineIndex, TrendsCorpus>();

/**
 * The trends corpus of an app's engine: built by a worker when the engine is a pool (once per pool
 * and corpus version, so a swapped corpus is read again; a refusal, such as a full queue, is not
 * kept), else from the index in this process, where the engine runs anyway (ENGINE_WORKERS=0, tests).
 */
export function loadTrendsCorpus(options: { env: Env; engine: object | null }): Promise<TrendsCorpus> {
  const { engine } = options;
  if (isTrendsSource(engine)) {
    const version = engine.status().corpusVersion;
    const cached = fromPools.get(engine);
    if (cached?.version === version) return cached.pending;
    const pending = engine.trendsCorpus();
    const entry = { version, pending };
    pending.catch(() => {
      if (fromPools.get(engine) === entry) fromPools.delete(engine);
    });
    fromPools.set(engine, entry);
    return pending;
  }
  return loadEngineIndex(options.env).then((index) => {
    let corpus = fromIndexes.get(index);
    if (!corpus) {
      corpus = trendsCorpusOf(index);
      fromIndexes.set(index, corpus);
    }
    return corpus;
  });
}
