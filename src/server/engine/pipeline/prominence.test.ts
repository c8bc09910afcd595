import { describe, expect, it } from 'vitest';
import type { Company } from '../corpus/corpus.types.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { COMPETES, type CompanyMatch } from './company-match.ts';
import { coreMembers } from './plan-opportunities.ts';
import { byStanding, standing, STANDING_WEIGHT } from './prominence.ts';

// Standing orders the competitors that passed the bar: the established name ahead of a nearly-as-close
// unknown one, never ahead of a clearly closer one, and never a dead company for its size.

type Facts = Pick<Company, 'status' | 'topCompany' | 'teamSize'>;
const company = (facts: Partial<Facts> = {}): Facts => ({
  status: 'Active',
  topCompany: false,
  teamSize: 5,
  ...facts,
});

describe('standing', () => {
  it('grows with the team on a log scale, to 1 at a thousand people', () => {
    const sizes = [0, 1, 5, 30, 300, 1_000, 20_000].map((teamSize) => standing(company({ teamSize })));
    expect(sizes[0]).toBe(0);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]!).toBeGreaterThanOrEqual(sizes[i - 1]!);
    expect(sizes[5]).toBe(1);
    expect(sizes[6]).toBe(1);
    // Ten people are not a third of a thousand: a log scale, not a linear one.
    expect(standing(company({ teamSize: 10 }))).toBeCloseTo(Math.log10(11) / Math.log10(1_001), 6);
  });

  it('is full for a top company and nothing for an unknown team size', () => {
    expect(standing(company({ topCompany: true, teamSize: 3 }))).toBe(1);
    expect(standing(company({ teamSize: null }))).toBe(0);
  });

  it('is nothing for a company the directory marks inactive, however large or flagged', () => {
    expect(standing(company({ status: 'Inactive', teamSize: 800 }))).toBe(0);
    expect(standing(company({ status: 'Inactive', topCompany: true }))).toBe(0);
    // Acquired and public companies keep theirs: they still shape the market.
    expect(standing(company({ status: 'Acquired', teamSize: 800 }))).toBeGreaterThan(0.9);
    expect(standing(company({ status: 'Public', teamSize: 800 }))).toBeGreaterThan(0.9);
  });
});

describe('ordering competitors by standing', () => {
  const companies = [
    company({ teamSize: 2 }), // 0: a small, close one
    company({ teamSize: 900 }), // 1: an established one
    company({ status: 'Inactive', teamSize: 900 }), // 2: a large one that closed
    company({ teamSize: 2 }), // 3: as small as 0
  ] as Company[];
  const order = (scored: { id: number; score: number }[]): number[] =>
    byStanding(
      companies,
      scored.map(({ id, score }) => ({ m: { id }, score })),
    ).map((s) => s.m.id);

  it('puts the established company ahead of a nearly-as-close small one', () => {
    expect(
      order([
        { id: 0, score: 0.62 },
        { id: 1, score: 0.6 },
      ]),
    ).toEqual([1, 0]);
  });

  it('keeps a clearly closer company first: standing weighs less than that gap', () => {
    expect(
      order([
        { id: 0, score: 0.6 + STANDING_WEIGHT + 0.01 },
        { id: 1, score: 0.6 },
      ]),
    ).toEqual([0, 1]);
  });

  it('gives an inactive company nothing for its size, and breaks ties by id', () => {
    expect(
      order([
        { id: 2, score: 0.6 },
        { id: 0, score: 0.61 },
      ]),
    ).toEqual([0, 2]);
    expect(
      order([
        { id: 3, score: 0.5 },
        { id: 0, score: 0.5 },
      ]),
    ).toEqual([0, 3]);
  });
});

describe("the core cell's competitors", () => {
  const companies = [company({ teamSize: 3 }), company({ teamSize: 3 }), company({ teamSize: 5_000 })] as Company[];
  const index = { corpus: { companies } } as unknown as EngineIndex;
  const match = (id: number, relevance: number): CompanyMatch => ({
    id,
    headline: relevance,
    description: relevance,
    words: 0.5,
    matched: [0],
    segmentFit: 1,
    jobFit: relevance,
    doesJob: true,
    relevance,
  });

  it('admits by closeness alone: a large company below the bar stays out, one above it moves up', () => {
    const below = match(2, COMPETES - 0.01);
    expect(coreMembers(index, [match(0, 0.7), match(1, 0.68), below]).map((m) => m.id)).toEqual([0, 1]);
    const above = match(2, 0.66);
    expect(coreMembers(index, [match(0, 0.7), match(1, 0.68), above]).map((m) => m.id)).toEqual([2, 0, 1]);
  });
});
