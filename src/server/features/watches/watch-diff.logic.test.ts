import { describe, expect, it } from 'vitest';
import type { WatchSnapshot } from '#shared/watches/watches.schemas.ts';
import { whatChangedSections } from '#shared/watches/what-changed-text.ts';
import { diffSnapshots } from './watch-diff.logic.ts';

// What a watch reports between two runs when a market's size becomes known or unknown: market size is
// the one score that can be "not sized" (null), and that change is news, whatever the threshold.

type Scores = WatchSnapshot['opportunities'][number]['scores'];

function snapshot(scores: Scores): WatchSnapshot {
  const factors = { opportunityScore: [], innovationScore: [], marketSize: [], feasibility: [], confidenceScore: [] };
  return {
    status: 'ok',
    opportunities: [{ key: 'billing|veterinary clinics', title: 'Billing for veterinary clinics', scores, factors }],
    companies: [],
  };
}

const scores = (marketSize: number | null, opportunityScore = 50): Scores => ({
  opportunityScore,
  innovationScore: 40,
  marketSize,
  feasibility: 60,
  confidenceScore: 55,
});

describe('watch diff with markets not sized', () => {
  it('reports a market that became sized, or stopped being sized, in words', () => {
    const sized = diffSnapshots(snapshot(scores(null)), snapshot(scores(62)));
    expect(sized.scoreMoves).toEqual([
      { opportunity: 'Billing for veterinary clinics', score: 'Market size', from: null, to: 62, factor: null },
    ]);
    const unsized = diffSnapshots(snapshot(scores(62)), snapshot(scores(null)));
    expect(unsized.scoreMoves.map((m) => [m.from, m.to])).toEqual([[62, null]]);
    const lines = whatChangedSections(unsized).flatMap((s) => s.items);
    expect(lines).toEqual(['Billing for veterinary clinics: Market size 62 → not sized']);
  });

  it('reports nothing when a market stays not sized, and keeps the threshold for known scores', () => {
    expect(diffSnapshots(snapshot(scores(null)), snapshot(scores(null))).scoreMoves).toEqual([]);
    expect(diffSnapshots(snapshot(scores(null, 50)), snapshot(scores(null, 54))).scoreMoves).toEqual([]);
    const moved = diffSnapshots(snapshot(scores(null, 50)), snapshot(scores(null, 58))).scoreMoves;
    expect(moved.map((m) => [m.score, m.from, m.to])).toEqual([['Opportunity', 50, 58]]);
  });
});
