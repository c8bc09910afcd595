import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ActivityDto } from '#shared/teams/collaboration.schemas.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { teamActivityQueryOptions } from '../api/teams-api.ts';
import { formatDateTime } from '#client/lib/format.ts';

// The team's activity feed on its page: who did what and when, newest first (the latest 20), with a
// link to the shared analysis or idea an entry is about.

function hrefOf(item: ActivityDto): string | null {
  if (item.searchId !== null) return paths.sharedAnalysis.href(item.searchId);
  if (item.ideaId !== null) return paths.sharedIdea.href(item.ideaId);
  return null;
}

export function TeamActivity({ teamId }: { teamId: number }) {
  const activity = useQuery(teamActivityQueryOptions(teamId));
  return (
    <section aria-labelledby="activity" className="grid gap-3">
      <h2 id="activity" className="text-lg font-semibold">
        Activity
      </h2>
      {activity.isPending ? <Spinner label="Loading the activity" /> : null}
      {activity.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {activity.error.message}
        </p>
      ) : null}
      {activity.data?.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened in this team yet.</p>
      ) : null}
      <ol className="grid gap-2" aria-label="Team activity">
        {activity.data?.items.map((item) => (
          <li key={item.id} className="rounded-md border p-3 text-sm break-words">
            <span className="font-medium break-all">{item.who}</span> {item.summary}
            <span className="flex flex-wrap items-center justify-between gap-x-3 text-muted-foreground">
              {formatDateTime(item.timestamp)}
              {hrefOf(item) ? (
                <Link to={hrefOf(item) ?? ''} className={textLinkClass}>
                  Open<span className="sr-only"> the {item.ideaId === null ? 'analysis' : 'idea'}</span>
                </Link>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
