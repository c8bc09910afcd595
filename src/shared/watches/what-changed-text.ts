import { NOT_SIZED } from '../app/score-format.ts';
import type { WatchDiff, WatchRunDto } from './watches.schemas.ts';

const notSized = NOT_SIZED.toLowerCase();

// The words of "What changed" (issue 33), written once for every place that shows a re-run's diff:
// the analysis page, the public share page, the team-shared page and the PDF report.

export type WhatChangedSection = { title: string; items: string[] };

function status(value: string | null): string {
  return value ?? 'unknown';
}

/** The sentence for an analysis that answered on one run and abstained on the other, if it did. */
export function answerChangeLine(diff: WatchDiff): string | null {
  if (!diff.statusChange) return null;
  return diff.statusChange.to === 'ok'
    ? 'The data now supports an answer for this market.'
    : 'The data no longer supports an answer for this market.';
}

/** The diff's lists with their titles, empty ones left out. */
export function whatChangedSections(diff: WatchDiff): WhatChangedSection[] {
  const sections: WhatChangedSection[] = [
    {
      title: 'Entered the market',
      items: diff.entered.map((c) => `${c.name}${c.batch ? ` (${c.batch})` : ''}${c.status ? `, ${c.status}` : ''}`),
    },
    { title: 'Status changes', items: diff.statusChanges.map((c) => `${c.name}: ${status(c.from)} → ${status(c.to)}`) },
    { title: 'No longer matched', items: diff.left.map((c) => c.name) },
    { title: 'New opportunities', items: diff.appeared.map((o) => o.title) },
    { title: 'Opportunities that vanished', items: diff.vanished.map((o) => o.title) },
    {
      title: 'Scores that moved',
      items: diff.scoreMoves.map(
        (m) =>
          `${m.opportunity}: ${m.score} ${m.from ?? notSized} → ${m.to ?? notSized}` +
          // The factor's own explanation is its rubric formula, which the score breakdown shows; a
          // sentence read by a founder says only which factor moved and how far.
          (m.factor ? `, moved most by ${m.factor.label}: ${m.factor.from} → ${m.factor.to}` : ''),
      ),
    },
  ];
  return sections.filter((s) => s.items.length > 0);
}

/** Whether a re-run found something (a baseline or an empty diff did not). */
export function runHasChanges(run: Pick<WatchRunDto, 'diff' | 'changes'>): run is { diff: WatchDiff; changes: number } {
  return run.diff !== null && run.changes > 0;
}

/** What the share views and the PDF say above the latest re-run. */
export const LATEST_RUN_INTRO =
  'This market is watched: it is re-run on each new version of the data and compared with the run before.';
