import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import {
  marketReportQueryOptions,
  marketReportsQueryOptions,
  useRunMarketResearch,
} from '#client/features/market-research/api/market-research-api.ts';
import { MarketReportView } from '#client/features/market-research/components/market-report-view.tsx';
import { MarketResearchForm } from '#client/features/market-research/components/market-research-form.tsx';
import { usageQueryOptions } from '#client/features/usage/api/usage-api.ts';
import { formatDate } from '#client/lib/format.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

function quotaNote(usage: { searchesUsed: number; searchesLimit: number | null } | undefined): string {
  const rule = 'A report counts like a search: one report uses one search of your monthly quota';
  if (!usage) return `${rule}; a market with no data uses none.`;
  if (usage.searchesLimit === null) return 'Reports are unlimited on your plan.';
  const left = Math.max(0, usage.searchesLimit - usage.searchesUsed);
  return `${rule} (${left} of ${usage.searchesLimit} left this month); a market with no data uses none.`;
}

function SavedReport({ id }: { id: number }) {
  const report = useQuery(marketReportQueryOptions(id));
  if (report.isPending) return <Spinner className="w-full py-10" label="Loading the report" />;
  if (report.isError) return <ErrorScreen error={report.error} onRetry={() => void report.refetch()} />;
  return <MarketReportView report={report.data} />;
}

/** /market-research: run a report on one market, re-open saved ones (?report=id), print. */
export function MarketResearchPage() {
  usePageMeta('Market research', 'A deep-dive report on one market from public data.');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const reportId = Number(params.get('report')) || null;
  // "Research this market" on an analysis: the report remembers it and links back (the server checks it is yours).
  const sourceSearchId = Number(params.get('from')) || undefined;
  const usage = useQuery(usageQueryOptions());
  const reports = useQuery(marketReportsQueryOptions());
  const run = useRunMarketResearch();

  function onRun(market: string) {
    run.mutate(sourceSearchId ? { market, sourceSearchId } : { market }, {
      onSuccess: (data) => {
        if (data.upgradeRequired) void navigate(paths.upgrade.href({ market }));
        else if (data.report) setParams({ report: String(data.report.id) });
      },
    });
  }

  return (
    <div data-print-report className="mx-auto max-w-4xl space-y-6 px-4 py-8 print:max-w-none print:p-0">
      <div className="print:hidden">
        <h1 className="text-2xl font-bold">Market research</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          One market from the public data: who works in it and buys in it (BLS, O*NET), the software they already use,
          the startups that tried it over the years (YC directory) and the open opportunities the engine finds.
        </p>
      </div>
      {sourceSearchId && !reportId ? (
        <p className="text-sm print:hidden">
          Starting from{' '}
          <Link className="underline" to={paths.search.href(sourceSearchId)}>
            your analysis
          </Link>
          : the report will link back to it.
        </p>
      ) : null}
      <MarketResearchForm
        initialMarket={params.get('market') ?? ''}
        quotaNote={quotaNote(usage.data)}
        isRunning={run.isPending}
        onRun={onRun}
      />
      {run.isPending ? <Spinner className="w-full py-10" label="Researching the market" /> : null}
      {run.isError ? <ErrorScreen error={run.error} onRetry={() => run.reset()} /> : null}
      {reportId && !run.isPending ? <SavedReport id={reportId} /> : null}
      <section aria-labelledby="saved-reports" className="print:hidden">
        <h2 id="saved-reports" className="text-lg font-semibold">
          Your reports
        </h2>
        {reports.data?.items.length ? (
          <ul className="mt-1">
            {reports.data.items.map((r) => (
              <li key={r.id}>
                <Link
                  className="inline-flex min-h-11 items-center underline"
                  to={`${paths.marketResearch.href()}?report=${r.id}`}
                  aria-current={r.id === reportId ? 'page' : undefined}
                >
                  {r.market}
                </Link>{' '}
                <span className="text-sm text-muted-foreground">
                  · {formatDate(r.createdAt)}
                  {r.status === 'empty' ? ' · no data' : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No saved reports yet.</p>
        )}
      </section>
    </div>
  );
}
