import { useQuery } from '@tanstack/react-query';
import { categoryLabel } from '#shared/searches/filter-options.ts';
import { GROWTH_MIN_EARLIER } from '#shared/trends/trends.constants.ts';
import type { GrowthDto } from '#shared/trends/trends.schemas.ts';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { trendingQueryOptions } from '#client/features/trends/api/trends-api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

function GrowthTable({ caption, rows, label }: { caption: string; rows: GrowthDto[]; label: (key: string) => string }) {
  if (rows.length === 0) {
    return (
      <p className="mt-2">None grew in the corpus between the two periods (or too few dated companies to tell).</p>
    );
  }
  return (
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">Recent</th>
          <th scope="col">Earlier</th>
          <th scope="col">Growth</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-t">
            <td className="py-1">{label(r.key)}</td>
            <td>{r.recent}</td>
            <td>{r.earlier}</td>
            <td>
              {r.growth === null ? (
                <span title={`Fewer than ${GROWTH_MIN_EARLIER} companies before: too few for a percentage`}>new</span>
              ) : (
                `+${Math.round(r.growth * 100)}%`
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /trending: computed from the corpus and from stored searches only; empty lists say so. */
export function TrendingPage() {
  usePageMeta('Trending Now', 'Categories and themes gaining momentum.');
  const trending = useQuery(trendingQueryOptions());
  if (trending.isPending) return <Spinner className="w-full py-16" label="Loading trends" />;
  if (trending.isError) return <ErrorScreen error={trending.error} onRetry={() => void trending.refetch()} />;
  const t = trending.data;
  // The current calendar year is still filling up: say so rather than read it as a slowdown.
  const partial = t.corpus.latestYear !== null && t.corpus.latestYear >= new Date().getUTCFullYear() ? ' (so far)' : '';
  const window = t.corpus.latestYear
    ? `companies founded in ${t.corpus.latestYear - t.growthYears + 1}–${t.corpus.latestYear}${partial} against ${t.corpus.latestYear - 2 * t.growthYears + 1}–${t.corpus.latestYear - t.growthYears}`
    : 'no dated companies';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Trending Now</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Growth in the{' '}
        {t.corpus.kind === 'seed' ? 'small seed corpus (a sample, not the full datasets)' : 'company directory'}:{' '}
        {window} (YC batch years). A row with fewer than {GROWTH_MIN_EARLIER} companies before is marked new, not given
        a percentage.
      </p>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="trend-categories">
          <h2 id="trend-categories" className="text-lg font-semibold">
            Fastest-growing categories
          </h2>
          <GrowthTable caption="Category" rows={t.categories} label={categoryLabel} />
        </section>
        <section aria-labelledby="trend-tags">
          <h2 id="trend-tags" className="text-lg font-semibold">
            Fastest-growing tags
          </h2>
          <GrowthTable caption="Tag" rows={t.tags} label={(k) => k} />
        </section>
      </div>
      <section aria-labelledby="trend-themes" className="mt-8">
        <h2 id="trend-themes" className="text-lg font-semibold">
          Themes many people are exploring
        </h2>
        <p className="text-sm text-muted-foreground">
          Themes searched by at least {t.minUsers} different people in the last {t.windowDays} days. Individual searches
          are never shown.
        </p>
        {t.themes.length === 0 ? (
          <p className="mt-2">No theme has been searched by {t.minUsers} or more people yet.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {t.themes.map((th) => (
              <li key={th.theme} className="rounded-full border px-3 py-1 text-sm">
                {th.theme} <span className="text-muted-foreground">· {th.users} people</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
