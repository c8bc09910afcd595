import type { TrendsCorpus } from '../../engine/pool/trends-corpus.ts';
import { GROWTH_MIN_EARLIER, GROWTH_YEARS, RECENT_EVIDENCE_SHARE } from '#shared/trends/trends.constants.ts';
import type { GrowthDto, TrendingDto } from '#shared/trends/trends.schemas.ts';

// Which categories and tags grow fastest in the corpus: companies founded (by YC batch year) in the
// latest GROWTH_YEARS of the data against the GROWTH_YEARS before. Computed from the engine's
// corpus, once per corpus version.

const MIN_COMPANIES = 3;
const LIMIT = 10;

type CorpusTrends = Pick<TrendingDto, 'corpus' | 'categories' | 'tags' | 'recentWindow'>;

/**
 * The most recent evidence window: the newest RECENT_EVIDENCE_SHARE of the dated entries (at least one),
 * from the oldest of them to the newest. Entries sharing the first date are all inside it.
 */
export function recentEvidenceWindow(dates: readonly string[]): TrendingDto['recentWindow'] {
  if (dates.length === 0) return null;
  const sorted = [...dates].sort();
  const take = Math.max(1, Math.ceil(sorted.length * RECENT_EVIDENCE_SHARE));
  const from = sorted[sorted.length - take]!;
  const to = sorted[sorted.length - 1]!;
  return { from, to, companies: sorted.filter((d) => d >= from).length };
}

/**
 * Growth of each key's entries: (recent − earlier) / earlier, ranked only for keys with at least
 * GROWTH_MIN_EARLIER earlier entries; a key with fewer earlier entries but enough recent ones is "new"
 * (growth null), listed after the ranked ones. Only keys that grew are listed.
 */
export function growthByKey(entries: { keys: string[]; year: number | null }[], latestYear: number): GrowthDto[] {
  const counts = new Map<string, { recent: number; earlier: number }>();
  for (const { keys, year } of entries) {
    if (year === null) continue;
    const isRecent = year > latestYear - GROWTH_YEARS;
    const isEarlier = !isRecent && year > latestYear - 2 * GROWTH_YEARS;
    if (!isRecent && !isEarlier) continue;
    for (const key of new Set(keys)) {
      const c = counts.get(key) ?? { recent: 0, earlier: 0 };
      if (isRecent) c.recent++;
      else c.earlier++;
      counts.set(key, c);
    }
  }
  return [...counts]
    .map(([key, c]) => ({
      key,
      ...c,
      growth: c.earlier >= GROWTH_MIN_EARLIER ? (c.recent - c.earlier) / c.earlier : null,
      companies: c.recent + c.earlier,
    }))
    .filter((r) => (r.growth === null ? r.recent >= MIN_COMPANIES && r.recent > r.earlier : r.growth > 0))
    .sort(
      (a, b) =>
        Number(a.growth === null) - Number(b.growth === null) ||
        (b.growth ?? 0) - (a.growth ?? 0) ||
        b.recent - a.recent ||
        a.key.localeCompare(b.key),
    )
    .slice(0, LIMIT);
}

const cache = new Map<string, CorpusTrends>();

export function corpusTrends(corpus: TrendsCorpus): CorpusTrends {
  const cached = cache.get(corpus.version);
  if (cached) return cached;
  const years = corpus.companies.map((c) => c.year).filter((y): y is number => y !== null);
  const latestYear = years.length ? Math.max(...years) : null;
  const trends: CorpusTrends = {
    corpus: { version: corpus.version, kind: corpus.kind, latestYear },
    recentWindow: recentEvidenceWindow(
      corpus.companies
        .map((c) => c.evidenceDate?.slice(0, 10) ?? null)
        .filter((d): d is string => d !== null && /^\d{4}-\d{2}-\d{2}$/.test(d)),
    ),
    categories:
      latestYear === null
        ? []
        : growthByKey(
            corpus.companies.map((c, i) => ({
              keys: corpus.categories[i] ? [corpus.categories[i]] : [],
              year: c.year,
            })),
            latestYear,
          ),
    tags:
      latestYear === null
        ? []
        : growthByKey(
            corpus.companies.map((c) => ({ keys: c.tags, year: c.year })),
            latestYear,
          ),
  };
  cache.set(corpus.version, trends);
  return trends;
}
