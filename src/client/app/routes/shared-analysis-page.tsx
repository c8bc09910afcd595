import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { SharedOpportunity } from '#client/app/shared-opportunity.tsx';
import { NoLongerShared } from '#client/app/no-longer-shared.tsx';
import { TeamShareButton } from '#client/app/team-share-button.tsx';
import { sharedAnalysisViewQueryOptions } from '#client/features/teams/api/collaboration-api.ts';
import { CommentsPanel } from '#client/features/teams/components/comments-panel.tsx';
import { LatestChange } from '#client/features/watches/components/what-changed.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { countOf, formatDate } from '#client/lib/format.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /shared/analyses/:id — an analysis a teammate shared with me: read-only, with its comments. */
export function SharedAnalysisPage() {
  const id = Number(useParams().id);
  const view = useQuery({ ...sharedAnalysisViewQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  usePageMeta(view.data ? `Shared: ${view.data.query}` : 'Shared analysis', 'An analysis a teammate shared with you.');

  if (view.isPending) return <Spinner className="w-full py-16" label="Loading the shared analysis" />;
  if (view.isError) {
    if (view.error instanceof ApiError && view.error.code === 'NOT_FOUND') return <NoLongerShared kind="analysis" />;
    return <ErrorScreen error={view.error} onRetry={() => void view.refetch()} />;
  }
  const analysis = view.data;
  const titleOf = (opportunityId: number) => analysis.opportunities.find((o) => o.id === opportunityId)?.title;
  const subject = { kind: 'analysis' as const, id: analysis.searchId };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <p className="text-sm">
        <Link to={paths.sharedWithMe.href()} className={textLinkClass}>
          ← Shared with me
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">Shared analysis · read-only</p>
          <h1 className="text-2xl font-bold break-words">{analysis.query}</h1>
          <p className="text-sm text-muted-foreground">
            {formatDate(analysis.timestamp)} · {countOf(analysis.opportunities.length, 'opportunity', 'opportunities')}
          </p>
        </div>
        {analysis.canShare ? (
          <TeamShareButton subject={subject} title={analysis.query} isOwner={analysis.isOwner} />
        ) : null}
      </div>
      <div className="mt-6 space-y-4">
        {analysis.opportunities.length === 0 ? (
          <p className="rounded-lg border bg-card p-6 text-sm text-muted-foreground">
            This analysis found no opportunities in the data. Comments on it are below.
          </p>
        ) : null}
        {analysis.opportunities.map((opportunity, index) => (
          <SharedOpportunity key={opportunity.id} opportunity={opportunity} position={index + 1} />
        ))}
      </div>
      <LatestChange run={analysis.whatChanged} />
      <CommentsPanel
        subject={subject}
        canComment={analysis.canComment}
        opportunityTitle={titleOf}
        opportunities={analysis.opportunities}
      />
    </div>
  );
}
