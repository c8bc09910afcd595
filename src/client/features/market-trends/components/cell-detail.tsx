import { useQuery } from '@tanstack/react-query';
import type { Category } from '#shared/searches/filters.schemas.ts';
import type { HeatRowDto } from '#shared/market-trends/market-trends.schemas.ts';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { countOf } from '#client/lib/format.ts';
import { heatCellQueryOptions } from '../api/market-trends-api.ts';

const DIRECTION_LABELS = {
  rising: 'Rising',
  falling: 'Falling',
  flat: 'Flat',
  new: 'New',
  unknown: 'Trend unclear',
} as const;

/** The companies behind one cell, with the trend reading at that year. */
export function CellDetail({
  category,
  tag,
  year,
  label,
}: {
  category: Category;
  tag?: string;
  year: number;
  label: string;
}) {
  const detail = useQuery(heatCellQueryOptions({ category, tag, year }));
  if (detail.isPending) return <Spinner className="py-6" label="Loading the companies" />;
  if (detail.isError) return <ErrorScreen error={detail.error} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  return (
    <div>
      <h3 className="text-lg font-semibold">
        {label}, {year}: {countOf(d.entries, 'company', 'companies')}
      </h3>
      <p className="text-sm text-muted-foreground">
        {d.entries} of the {d.yearTotal} companies that entered the directory in {year}; {d.survivors} still active,
        acquired or public.
      </p>
      <p className="mt-2">
        <strong>{DIRECTION_LABELS[d.reading.direction]}</strong>
        {' · '}
        {d.reading.sentence}
      </p>
      {d.companies.length === 0 ? (
        <p className="mt-3">No company of this row entered the directory in {year}.</p>
      ) : (
        <ul className="mt-3 divide-y" aria-label={`Companies in ${label}, ${year}`}>
          {d.companies.map((c) => (
            <li key={c.slug} className="py-2">
              <span className="font-medium">{c.name}</span>{' '}
              <span className="text-sm text-muted-foreground">
                · {c.batch} · {c.status}
              </span>
              <p className="text-sm">{c.oneLiner}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A growth cell: the occupations whose BLS projections the figure is weighted from. */
export function GrowthDetail({ row }: { row: HeatRowDto }) {
  if (row.growth === null || row.occupations.length === 0) {
    return (
      <p>{row.label}: no occupation in the BLS projections is linked to this row, so there is no growth figure.</p>
    );
  }
  const top = [...row.occupations].sort((a, b) => b.employment2023 - a.employment2023).slice(0, 15);
  return (
    <div>
      <h3 className="text-lg font-semibold">
        {row.label}: {row.growth > 0 ? '+' : ''}
        {row.growth}% projected employment 2023–2033
      </h3>
      <p className="text-sm text-muted-foreground">
        Employment-weighted over {countOf(row.occupations.length, 'linked occupation')}
        {row.occupations.length > top.length ? ` (the ${top.length} largest shown)` : ''}. Employment in thousands.
      </p>
      <table className="mt-2 text-left text-sm tabular-nums">
        <thead>
          <tr>
            <th scope="col" className="p-1">
              Occupation
            </th>
            <th scope="col" className="p-1">
              2023
            </th>
            <th scope="col" className="p-1">
              2033
            </th>
            <th scope="col" className="p-1">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {top.map((o) => (
            <tr key={o.soc} className="border-t">
              <td className="p-1">
                {o.title} <span className="text-muted-foreground">({o.soc})</span>
              </td>
              <td className="p-1">{o.employment2023}</td>
              <td className="p-1">{o.employment2033}</td>
              <td className="p-1">{o.percentChange}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
