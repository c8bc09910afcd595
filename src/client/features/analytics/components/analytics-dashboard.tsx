import { Link } from 'react-router';
import type { AnalyticsDashboardDto } from '#shared/analytics/analytics.schemas.ts';
import { categoryLabel } from '#shared/searches/filter-options.ts';
import { paths } from '#client/config/paths.ts';
import { BarTable } from './bar-table.tsx';
import { formatMonth } from '#client/lib/format.ts';

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border p-4">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const monthLabel = formatMonth;

/** Everyone's analytics, counted from their own stored searches and results. */
export function AnalyticsDashboard({ data }: { data: AnalyticsDashboardDto }) {
  const { totals } = data;
  if (totals.searches === 0) {
    return (
      <p className="rounded-lg border p-4">
        No searches yet: your analytics start with your first search.{' '}
        <Link className="inline-link underline" to={paths.home.href()}>
          Run a search
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <dl className="grid grid-cols-3 gap-2 md:col-span-2">
        {[
          ['Searches', totals.searches],
          ['Opportunities found', totals.opportunities],
          ['Opportunities saved', totals.saved],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Card title="Searches over time">
        <BarTable
          caption="Searches per month, last 12 months"
          labelHeader="Month"
          valueHeader="Searches"
          rows={data.searchesByMonth.map((m) => ({ label: monthLabel(m.month), value: m.searches }))}
        />
      </Card>
      <Card title="Score distribution">
        <p className="mb-2 text-sm text-muted-foreground">Opportunity scores (0–100) of everything you found.</p>
        <BarTable
          caption="Opportunities by opportunity score"
          labelHeader="Score"
          valueHeader="Found"
          rows={data.scoreDistribution.map((b) => ({ label: `${b.from}–${b.to}`, value: b.count }))}
        />
      </Card>
      <Card title="Categories explored">
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">Opportunities found and saved per category</caption>
          <thead>
            <tr>
              <th scope="col" className="p-1">
                Category
              </th>
              <th scope="col" className="p-1">
                Found
              </th>
              <th scope="col" className="p-1">
                Saved
              </th>
            </tr>
          </thead>
          <tbody>
            {data.categories.map((c) => (
              <tr key={c.category} className="border-t">
                <th scope="row" className="p-1 font-normal">
                  {categoryLabel(c.category)}
                </th>
                <td className="p-1">{c.found}</td>
                <td className="p-1">{c.saved}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card title="Markets explored">
        {data.markets.length === 0 ? (
          <p className="text-sm">No searches yet.</p>
        ) : (
          <ul aria-label="Markets you searched most">
            {data.markets.map((m) => (
              <li key={m.searchId}>
                <Link className="inline-flex min-h-11 items-center underline" to={paths.search.href(m.searchId)}>
                  {m.query}
                </Link>{' '}
                <span className="text-sm text-muted-foreground">
                  · {m.searches} {m.searches === 1 ? 'search' : 'searches'}
                </span>
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-4 font-medium">Favourite markets</h3>
        {data.favourites.length === 0 ? (
          <p className="text-sm text-muted-foreground">Mark a search as a favourite in your history to see it here.</p>
        ) : (
          <ul className="mt-1">
            {data.favourites.map((f) => (
              <li key={f.searchId}>
                <Link className="inline-flex min-h-11 items-center underline" to={paths.search.href(f.searchId)}>
                  {f.query}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
