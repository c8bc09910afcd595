import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { ANALYSIS_STAGES, ANALYSIS_STAGE_LABELS } from '#shared/engine/analysis.schemas.ts';
import { useRef } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useModalFocus } from '#client/components/ui/overlay-focus.ts';
import type { SearchRunState } from '../hooks/use-run-search.ts';

export const SEARCH_OVERLAY_TITLE = 'Analyzing Market Gaps';

type OverlayProps = { state: SearchRunState; onCancel: () => void };

/**
 * The search overlay: the place in the engine's queue while the search waits for a slot, then the
 * engine's real stages as they happen, opportunities as they are written, Cancel.
 */
export function SearchProgressOverlay({ state, onCancel }: OverlayProps) {
  return state.isRunning ? <RunningOverlay state={state} onCancel={onCancel} /> : null;
}

/** Modal while it is up: focus on Cancel, Tab kept inside, Escape cancels, focus back to the search field after. */
function RunningOverlay({ state, onCancel }: OverlayProps) {
  const ref = useRef<HTMLDivElement>(null);
  useModalFocus(ref, onCancel);
  const current = state.stage ? ANALYSIS_STAGES.indexOf(state.stage) : -1;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-modal="true"
      aria-busy="true"
      aria-labelledby="search-overlay-title"
      aria-describedby="search-overlay-hint"
      className="fixed inset-0 z-50 flex items-center justify-center bg-background/90 p-4 backdrop-blur-sm"
    >
      <div className="w-full max-w-md rounded-xl border bg-card p-6 shadow-xl">
        <h2 id="search-overlay-title" className="text-xl font-semibold">
          {SEARCH_OVERLAY_TITLE}
        </h2>
        {state.queuePosition !== null ? <QueuedNotice position={state.queuePosition} /> : null}
        <ol className="mt-4 space-y-2" aria-label="Progress">
          {ANALYSIS_STAGES.map((stage, i) => {
            const status = i < current ? 'done' : i === current ? 'active' : 'waiting';
            return (
              <li
                key={stage}
                className="flex items-center gap-2"
                aria-current={status === 'active' ? 'step' : undefined}
              >
                {status === 'done' ? (
                  <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
                ) : status === 'active' ? (
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <Circle aria-hidden="true" className="size-4 text-muted-foreground" />
                )}
                <span className={status === 'waiting' ? 'text-muted-foreground' : undefined}>
                  {ANALYSIS_STAGE_LABELS[stage]}
                </span>
                <span className="sr-only">({status})</span>
              </li>
            );
          })}
        </ol>
        {state.opportunities.length > 0 ? (
          <ul
            className="mt-4 max-h-48 space-y-1 overflow-y-auto text-sm"
            aria-label="Opportunities found so far"
            aria-live="polite"
          >
            {state.opportunities.map((o) => (
              <li key={o.rank} className="rounded border px-2 py-1">
                {o.title}
              </li>
            ))}
          </ul>
        ) : null}
        <p id="search-overlay-hint" className="mt-4 text-sm text-muted-foreground">
          Cancel (or Escape) stops the search; a cancelled search does not count.
        </p>
        <div className="mt-4 flex justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    </div>
  );
}

const QUEUED_TITLE = 'Waiting for a free engine slot…';

/** Every analysis slot is taken: say so, and where this search is in line, instead of a frozen first stage. */
function QueuedNotice({ position }: { position: number }) {
  return (
    <p className="mt-4 flex items-center gap-2 text-sm" role="status">
      <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      <span>
        {QUEUED_TITLE} {position === 1 ? 'Yours starts next.' : `Yours is number ${position} in line.`}
      </span>
    </p>
  );
}
