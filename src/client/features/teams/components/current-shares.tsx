import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { ShareDto } from '#shared/teams/collaboration.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatDate } from '#client/lib/format.ts';
import { sharesQueryOptions, useRevokeShare, type Subject } from '../api/collaboration-api.ts';

// Who an analysis or idea is shared with (its owner sees this), each with its permissions and
// expiry, and a Revoke button: access ends on the recipient's next request.

export function permissionSummary(share: Pick<ShareDto, 'canEdit' | 'canComment' | 'canShare'>): string {
  const may = [share.canComment ? 'comment' : null, share.canEdit ? 'edit' : null, share.canShare ? 'share' : null];
  const list = may.filter((p): p is string => p !== null);
  return list.length === 0 ? 'read only' : `read, ${list.join(', ')}`;
}

export function expirySummary(expiresAt: string | null, now = Date.now()): string {
  if (!expiresAt) return 'no expiry';
  return new Date(expiresAt).getTime() <= now ? `expired ${formatDate(expiresAt)}` : `until ${formatDate(expiresAt)}`;
}

/** `hideWhenEmpty`: a free owner sees the list only if there is something left to revoke. */
export function CurrentShares({ subject, hideWhenEmpty = false }: { subject: Subject; hideWhenEmpty?: boolean }) {
  const shares = useQuery(sharesQueryOptions(subject));
  const revoke = useRevokeShare(subject);
  const headingId = useId();
  if (hideWhenEmpty && shares.data?.items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2 border-t pt-4">
      <h3 id={headingId} className="font-semibold">
        Shared with
      </h3>
      {shares.isPending ? <Spinner label="Loading who this is shared with" /> : null}
      {shares.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {shares.error.message}
        </p>
      ) : null}
      {shares.data?.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Not shared with anyone yet.</p>
      ) : null}
      <ul className="grid gap-2" aria-labelledby={headingId}>
        {shares.data?.items.map((share) => {
          const who = share.teamName ? `Team ${share.teamName}` : (share.userName ?? 'A teammate');
          return (
            <li
              key={share.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
            >
              <div className="grid min-w-0 gap-0.5">
                <span className="font-medium break-words">{who}</span>
                <span className="text-muted-foreground">
                  {permissionSummary(share)} · {expirySummary(share.expiresAt)} · by {share.sharedBy}
                </span>
              </div>
              <Button
                size="sm"
                variant="destructive"
                aria-label={`Revoke access for ${who}`}
                disabled={revoke.isPending && revoke.variables === share.id}
                onClick={() => revoke.mutate(share.id)}
              >
                Revoke
              </Button>
            </li>
          );
        })}
      </ul>
      {revoke.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {revoke.error.message}
        </p>
      ) : null}
    </section>
  );
}
