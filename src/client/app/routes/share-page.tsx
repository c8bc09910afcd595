import { useQuery } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { AnalysisBanners } from '#client/features/searches/components/analysis-banners.tsx';
import { SharedOpportunity } from '#client/app/shared-opportunity.tsx';
import { sharedAnalysisQueryOptions } from '#client/features/sharing/api/sharing-api.ts';
import { LatestChange } from '#client/features/watches/components/what-changed.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { countOf, formatDate } from '#client/lib/format.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

function DeadLink({ title, message }: { title: string; message: string }) {
  return (
    <section
      role="alert"
      aria-labelledby="dead-link-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
    >
      <Link2Off aria-hidden="true" className="mb-4 size-12 text-muted-foreground" />
      <h1 id="dead-link-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-3 text-muted-foreground">{message}</p>
      <Button asChild className="mt-6">
        <Link to={paths.home.href()}>Go to Unbuilt</Link>
      </Button>
    </section>
  );
}

/** /share/:token — a shared analysis, read-only, for anyone holding the link (signed in or not). */
export function SharePage() {
  const token = useParams().token ?? '';
  const shared = useQuery({ ...sharedAnalysisQueryOptions(token), enabled: token.length > 0 });
  usePageMeta(
    shared.data ? `Shared analysis: ${shared.data.query}` : 'Shared analysis',
    'A market-gap analysis shared with you.',
  );

  if (shared.isPending) return <Spinner className="w-full py-16" label="Loading the shared analysis" />;
  if (shared.isError) {
    const error = shared.error;
    if (error instanceof ApiError && error.code === 'GONE') {
      return <DeadLink title="This link is no longer available" message={error.message} />;
    }
    if (error instanceof ApiError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED')) {
      return <DeadLink title="This share link does not exist" message="Check that the whole link was copied." />;
    }
    return <ErrorScreen error={error} onRetry={() => void shared.refetch()} />;
  }
  const analysis = shared.data;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <p className="text-sm font-medium text-muted-foreground">
        Shared analysis · read-only
        {analysis.expiresAt ? ` · link expires ${formatDate(analysis.expiresAt)}` : ''}
      </p>
      <h1 className="mt-1 text-2xl font-bold break-words">{analysis.query}</h1>
      <p className="text-sm text-muted-foreground">
        {formatDate(analysis.timestamp)} · {countOf(analysis.results.length, 'opportunity', 'opportunities')}
      </p>
      <div className="mt-4">
        <AnalysisBanners analysis={analysis.analysis} resultCount={analysis.results.length} />
      </div>
      {analysis.results.length === 0 ? (
        <p className="mt-6 rounded-lg border bg-card p-6">No opportunities were found for this market.</p>
      ) : (
        <div className="mt-6 space-y-4">
          {analysis.results.map((opportunity, index) => (
            <SharedOpportunity key={opportunity.rank} opportunity={opportunity} position={index + 1} />
          ))}
        </div>
      )}
      <LatestChange run={analysis.whatChanged} />
    </div>
  );
}
