import { useQuery } from '@tanstack/react-query';
import { Radar } from 'lucide-react';
import { WATCH_PAUSED_NOTE, watchLimitMessage } from '#shared/watches/watches.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { useSetWatching, watchStateQueryOptions } from '../api/watches-api.ts';

/**
 * "Watch this market": a toggle button. When the plan's limit is reached the server refuses and the
 * message under the button says how many markets the plan can watch. A watch beyond the limit after
 * a downgrade is kept but paused: a short note here, the reason and what resumes it under "What changed".
 */
export function WatchToggle({ searchId }: { searchId: number }) {
  const state = useQuery(watchStateQueryOptions(searchId));
  const setWatching = useSetWatching(searchId);
  if (!state.data) return null;
  const { isWatching, limit, isPaused } = state.data;
  const refused =
    setWatching.error instanceof ApiError && setWatching.error.code === 'QUOTA_EXCEEDED'
      ? watchLimitMessage(limit)
      : setWatching.error
        ? `The watch could not be changed: ${setWatching.error.message}`
        : null;
  return (
    <div className="grid gap-1">
      <Button
        variant="outline"
        aria-pressed={isWatching}
        aria-describedby={refused ? `watch-refused-${searchId}` : undefined}
        disabled={setWatching.isPending}
        onClick={() => setWatching.mutate(!isWatching)}
      >
        <Radar aria-hidden="true" />
        {isWatching ? 'Watching this market' : 'Watch this market'}
      </Button>
      {isWatching && isPaused ? <p className="max-w-64 text-sm text-muted-foreground">{WATCH_PAUSED_NOTE}</p> : null}
      {refused ? (
        <p id={`watch-refused-${searchId}`} role="alert" className="max-w-64 text-sm text-destructive">
          {refused}
        </p>
      ) : null}
    </div>
  );
}
