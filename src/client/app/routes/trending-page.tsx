import { useQuery } from '@tanstack/react-query';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { trendingQueryOptions } from '#client/features/searches/api/searches-queries.ts';
import { categoryLabel } from '#client/features/searches/components/result-card.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /trending: computed from stored analyses only; empty until there is data, and says so. */
export function TrendingPage() {
  usePageMeta('Trending Now', 'Categories and themes gaining momentum.');
  const trending = useQuery(trendingQueryOptions());
  if (trending.isPending) return <Spinner className="w-full py-16" label="Loading trends" />;
  if (trending.isError) return <ErrorScreen error={trending.error} onRetry={() => void trending.refetch()} />;
  const t = trending.data;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Trending Now</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t.basis}</p>
      <section aria-labelledby="trend-categories" className="mt-6">
        <h2 id="trend-categories" className="text-lg font-semibold">
          Fastest-growing categories
        </h2>
        <p className="text-sm text-muted-foreground">
          Companies launched in the last {t.growthYears} years against the {t.growthYears} before, among the companies in recent analyses&apos; evidence.
        </p>
        {t.categories.length === 0 ? (
          <p className="mt-2">Not enough analyses yet to measure growth.</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Recent</th>
                <th scope="col">Earlier</th>
                <th scope="col">Growth</th>
                <th scope="col">Companies</th>
              </tr>
            </thead>
            <tbody>
              {t.categories.map((c) => (
                <tr key={c.category} className="border-t">
                  <td className="py-1">{categoryLabel(c.category)}</td>
                  <td>{c.recent}</td>
                  <td>{c.earlier}</td>
                  <td>{c.growth >= 0 ? '+' : ''}{Math.round(c.growth * 100)}%</td>
                  <td>{c.companies}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="trend-themes" className="mt-8">
        <h2 id="trend-themes" className="text-lg font-semibold">
          Themes many people are exploring
        </h2>
        <p className="text-sm text-muted-foreground">
          Themes searched by at least {t.minUsers} different people in the last {t.windowDays} days. Individual searches are never shown.
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
