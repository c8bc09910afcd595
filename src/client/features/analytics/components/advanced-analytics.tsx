import { formatScore, formatSize } from '#shared/app/score-format.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_COMPARE, MIN_COMPARE, type ComparisonDto } from '#shared/analytics/analytics.schemas.ts';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { formatDate } from '#client/lib/format.ts';
import {
  comparisonQueryOptions,
  downloadAnalyticsCsv,
  driftQueryOptions,
  recentAnalysesQueryOptions,
} from '../api/analytics-api.ts';

const selectClass = 'min-h-11 max-w-full rounded-md border bg-background px-3';

function Comparison({ data }: { data: ComparisonDto }) {
  const rows: [string, (a: ComparisonDto['analyses'][number]) => string][] = [
    ['Date', (a) => formatDate(a.timestamp)],
    ['Opportunities', (a) => String(a.opportunities)],
    ['Best opportunity score', (a) => (a.best ? formatScore(a.best.opportunity) : '–')],
    ['Average opportunity score', (a) => (a.average ? formatScore(a.average.opportunity) : '–')],
    ['Average innovation', (a) => (a.average ? formatScore(a.average.innovation) : '–')],
    ['Average market size', (a) => (a.average ? formatSize(a.average.marketSize) : '–')],
    ['Average feasibility', (a) => (a.average ? formatScore(a.average.feasibility) : '–')],
    ['Evidence dates', (a) => (a.evidenceFrom ? `${a.evidenceFrom} to ${a.evidenceTo ?? ''}` : '–')],
    ['Competitors', (a) => String(a.competitors.length)],
    ['Corpus version', (a) => a.corpusVersion],
  ];
  return (
    <div>
      <div className="overflow-x-auto" role="region" aria-label="Comparison table" tabIndex={0}>
        <table className="text-left text-sm tabular-nums">
          <caption className="sr-only">Analyses side by side</caption>
          <thead>
            <tr>
              <th scope="col" className="p-1">
                Analysis
              </th>
              {data.analyses.map((a) => (
                <th scope="col" key={a.id} className="p-1">
                  {a.query}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label} className="border-t">
                <th scope="row" className="p-1 font-normal">
                  {label}
                </th>
                {data.analyses.map((a) => (
                  <td key={a.id} className="p-1">
                    {value(a)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm">
        Competitors in common:{' '}
        {data.competitorsInCommon.length === 0
          ? 'none'
          : data.competitorsInCommon.map((c) => `${c.name} (${c.analyses})`).join(', ')}
      </p>
    </div>
  );
}

function Drift({ searchId }: { searchId: number }) {
  const drift = useQuery(driftQueryOptions(searchId));
  if (drift.isPending) return <Spinner className="py-4" label="Reading the drift" />;
  if (drift.isError) return <ErrorScreen error={drift.error} onRetry={() => void drift.refetch()} />;
  const d = drift.data;
  if (!d.before)
    return <p className="text-sm">This is the first run of “{d.query}” with these filters: nothing to compare.</p>;
  return (
    <div className="text-sm">
      <p>
        Against the run of {formatDate(d.before.timestamp)} ({d.before.opportunities} opportunities, corpus{' '}
        <code>{d.before.corpusVersion}</code>) this run of {formatDate(d.after.timestamp)} found {d.after.opportunities}{' '}
        (corpus <code>{d.after.corpusVersion}</code>).{' '}
        {d.corpusChanged ? 'The corpus changed between the two runs.' : 'Both ran on the same corpus version.'}
      </p>
      <ul className="mt-2 list-disc pl-5">
        <li>
          New: {d.added.length === 0 ? 'none' : d.added.map((x) => `${x.title} (${formatScore(x.score)})`).join('; ')}
        </li>
        <li>
          Gone:{' '}
          {d.removed.length === 0 ? 'none' : d.removed.map((x) => `${x.title} (${formatScore(x.score)})`).join('; ')}
        </li>
        <li>
          Score changed:{' '}
          {d.changed.length === 0 ? 'none' : d.changed.map((x) => `${x.title} ${x.before} → ${x.after}`).join('; ')}
        </li>
      </ul>
    </div>
  );
}

/** Pro and Enterprise: analyses side by side, re-run drift, the numbers as CSV. */
export function AdvancedAnalytics({ isAllowed }: { isAllowed: boolean }) {
  const [picked, setPicked] = useState<number[]>([]);
  const [compared, setCompared] = useState<number[]>([]);
  const [driftId, setDriftId] = useState<number | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const recent = useQuery({ ...recentAnalysesQueryOptions(), enabled: isAllowed });
  const comparison = useQuery(comparisonQueryOptions(compared));

  if (!isAllowed) {
    return (
      <p className="rounded-lg border p-4 text-sm">
        Comparing analyses side by side, re-run drift and CSV export of these numbers are part of advanced analytics in
        the Pro and Enterprise plans.{' '}
        <Link className="inline-link underline" to={paths.subscribe.href()}>
          See the plans
        </Link>
        .
      </p>
    );
  }
  if (recent.isPending) return <Spinner className="py-4" label="Loading your analyses" />;
  if (recent.isError) return <ErrorScreen error={recent.error} onRetry={() => void recent.refetch()} />;
  const items = recent.data.items;
  const toggle = (id: number) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : p.length < MAX_COMPARE ? [...p, id] : p));

  return (
    <div className="space-y-6">
      <section aria-labelledby="compare-title">
        <h3 id="compare-title" className="font-semibold">
          Compare analyses
        </h3>
        <fieldset>
          <legend className="text-sm text-muted-foreground">
            Pick {MIN_COMPARE} to {MAX_COMPARE} of your latest analyses.
          </legend>
          <ul className="mt-1 max-h-64 overflow-y-auto">
            {items.map((s) => (
              <li key={s.id}>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={picked.includes(s.id)}
                    disabled={!picked.includes(s.id) && picked.length >= MAX_COMPARE}
                    onChange={() => toggle(s.id)}
                  />
                  {s.query} <span className="text-sm text-muted-foreground">· {formatDate(s.timestamp)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <Button className="mt-2" disabled={picked.length < MIN_COMPARE} onClick={() => setCompared([...picked])}>
          Compare {picked.length >= MIN_COMPARE ? picked.length : ''} analyses
        </Button>
        <div className="mt-3">
          {compared.length < MIN_COMPARE ? null : comparison.isPending ? (
            <Spinner className="py-4" label="Comparing" />
          ) : comparison.isError ? (
            <ErrorScreen error={comparison.error} onRetry={() => void comparison.refetch()} />
          ) : (
            <Comparison data={comparison.data} />
          )}
        </div>
      </section>
      <section aria-labelledby="drift-title">
        <h3 id="drift-title" className="font-semibold">
          Re-run drift
        </h3>
        <label className="mt-1 flex flex-col gap-1 text-sm">
          Analysis
          <select
            className={selectClass}
            value={driftId ?? ''}
            onChange={(e) => setDriftId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Pick an analysis</option>
            {items.map((s) => (
              <option key={s.id} value={s.id}>
                {s.query} · {formatDate(s.timestamp)}
              </option>
            ))}
          </select>
        </label>
        <div className="mt-2">{driftId === null ? null : <Drift searchId={driftId} />}</div>
      </section>
      <section aria-labelledby="csv-title">
        <h3 id="csv-title" className="font-semibold">
          Export
        </h3>
        <Button
          variant="outline"
          className="mt-1"
          onClick={() => {
            setCsvError(null);
            downloadAnalyticsCsv().catch(() => setCsvError('The CSV could not be downloaded. Please try again.'));
          }}
        >
          Download the numbers as CSV
        </Button>
        {csvError ? (
          <p role="alert" className="mt-1 text-sm text-destructive">
            {csvError}
          </p>
        ) : null}
      </section>
    </div>
  );
}
