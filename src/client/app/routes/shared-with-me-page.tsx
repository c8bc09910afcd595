import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SharedItem } from '#shared/teams/collaboration.schemas.ts';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { sharedWithMeQueryOptions } from '#client/features/teams/api/collaboration-api.ts';
import { expirySummary, permissionSummary } from '#client/features/teams/components/current-shares.tsx';
import { formatDate } from '#client/lib/format.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

// /shared (issue 18): the analyses and ideas others shared with me through a team or directly, with
// who shared, what I may do and until when. Expired and revoked shares are not listed.

const KIND_LABELS: Record<SharedItem['kind'], string> = { analysis: 'Analysis', idea: 'Idea' };

function hrefOf(item: SharedItem): string {
  return item.kind === 'analysis' ? paths.sharedAnalysis.href(item.id) : paths.sharedIdea.href(item.id);
}

export function SharedWithMePage() {
  usePageMeta('Shared with me', 'Analyses and ideas your teammates shared with you.');
  const shared = useQuery(sharedWithMeQueryOptions());
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Shared with me</h1>
        <p className="text-sm text-muted-foreground">
          Analyses and ideas teammates shared with you or with your teams. Manage your teams on the{' '}
          <Link to={paths.teams.href()} className="inline-link text-primary underline underline-offset-4">
            Teams
          </Link>{' '}
          page.
        </p>
      </div>
      {shared.isPending ? <Spinner label="Loading what was shared with you" /> : null}
      {shared.isError ? <ErrorScreen error={shared.error} onRetry={() => void shared.refetch()} /> : null}
      {shared.data?.items.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-sm text-muted-foreground">
          Nothing is shared with you yet. When a teammate shares an analysis or an idea with you or your team, it
          appears here.
        </p>
      ) : null}
      {shared.data && shared.data.items.length > 0 ? (
        <ul className="grid gap-3" aria-label="Shared with me">
          {shared.data.items.map((item) => (
            <li key={item.shareId} className="grid gap-1 rounded-lg border bg-card p-4">
              <span className="text-xs font-medium text-muted-foreground uppercase">{KIND_LABELS[item.kind]}</span>
              <Link to={hrefOf(item)} className={`${textLinkClass} font-semibold break-words`}>
                {item.title}
              </Link>
              <span className="text-sm text-muted-foreground">
                Shared by {item.sharedBy} with {item.via} on {formatDate(item.sharedAt)}
              </span>
              <span className="text-sm">
                You may {permissionSummary(item)} · {expirySummary(item.expiresAt)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
