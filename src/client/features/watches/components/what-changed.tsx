import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useLocation } from 'react-router';
import { UNCHANGED_RUN_LINE, type WatchDiff, type WatchRunDto } from '#shared/watches/watches.schemas.ts';
import {
  answerChangeLine,
  LATEST_RUN_INTRO,
  runHasChanges,
  whatChangedSections,
  type WhatChangedSection,
} from '#shared/watches/what-changed-text.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { watchStateQueryOptions } from '../api/watches-api.ts';

// "What changed": a watched analysis's runs, newest first — each re-run on a new corpus version with
// what it found (companies that entered, status changes, opportunities, scores and the factor that
// moved them), or one line when nothing changed. A notification links here (#what-changed).

export const WHAT_CHANGED_ID = 'what-changed';

function List({ title, items }: WhatChangedSection) {
  return (
    <div>
      <h4 className="text-sm font-medium">{title}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function DiffView({ diff }: { diff: WatchDiff }) {
  const answer = answerChangeLine(diff);
  return (
    <div className="mt-2 grid gap-3">
      {answer ? <p className="text-sm">{answer}</p> : null}
      {whatChangedSections(diff).map((section) => (
        <List key={section.title} {...section} />
      ))}
    </div>
  );
}

function Run({ run }: { run: WatchRunDto }) {
  const when = formatDateTime(run.ranAt);
  if (run.kind === 'baseline') {
    return (
      <li className="text-sm text-muted-foreground">
        {when}: watching from this analysis (corpus <code>{run.corpusVersion}</code>).
      </li>
    );
  }
  return (
    <li className="text-sm">
      <span className="font-medium">{when}</span>: re-run on corpus <code>{run.corpusVersion}</code>.{' '}
      {runHasChanges(run) ? <DiffView diff={run.diff} /> : UNCHANGED_RUN_LINE}
    </li>
  );
}

export function WhatChanged({ searchId }: { searchId: number }) {
  const state = useQuery(watchStateQueryOptions(searchId));
  const headingId = useId();
  const { hash } = useLocation();
  const shown = state.data && state.data.runs.length > 0;
  // A notification's link (…#what-changed): bring the section into view once it is drawn.
  useEffect(() => {
    if (!shown || hash !== `#${WHAT_CHANGED_ID}`) return;
    const target = document.getElementById(WHAT_CHANGED_ID);
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [shown, hash]);
  if (!shown) return null;
  return (
    <section
      id={WHAT_CHANGED_ID}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="mt-8 grid gap-3 rounded-lg border p-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        What changed
      </h2>
      <p className="text-sm text-muted-foreground">
        {!state.data.isWatching
          ? 'You no longer watch this market.'
          : (state.data.pausedReason ??
            'This market is re-run on each new version of the data; each run is compared with the one before.')}
      </p>
      <ol className="grid gap-3">
        {state.data.runs.map((run) => (
          <Run key={run.id} run={run} />
        ))}
      </ol>
    </section>
  );
}

/**
 * "What changed" in the share views (public link, team share): the watched analysis's latest re-run,
 * its diff or the one line that says nothing changed, in the analysis page's words. Nothing when the
 * analysis is not watched or has not been re-run.
 */
export function LatestChange({ run }: { run: WatchRunDto | null }) {
  const headingId = useId();
  if (!run) return null;
  return (
    <section id={WHAT_CHANGED_ID} aria-labelledby={headingId} className="mt-6 grid gap-2 rounded-lg border p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        What changed
      </h2>
      <p className="text-sm text-muted-foreground">{LATEST_RUN_INTRO}</p>
      <p className="text-sm">
        <span className="font-medium">{formatDateTime(run.ranAt)}</span>: re-run on corpus{' '}
        <code>{run.corpusVersion}</code>. {runHasChanges(run) ? null : UNCHANGED_RUN_LINE}
      </p>
      {runHasChanges(run) ? <DiffView diff={run.diff} /> : null}
    </section>
  );
}
