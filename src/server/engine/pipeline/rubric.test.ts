import { describe, expect, it } from 'vitest';
import type { Evidence } from '#shared/engine/analysis.schemas.ts';
import { scoreEvidence } from './rubric.ts';

// The rubric from hand-written evidence: each number follows from the list, and the directions
// are the ones the product promises.

function company(slug: string, status: string, date: string): Evidence {
  return { id: `company:${slug}`, source: 'yc', ref: slug, value: status, note: slug, date };
}

function base(kind: 'full' | 'seed' = 'full'): Evidence[] {
  return [
    { id: 'directory:recent', source: 'yc', ref: '2024-2026', value: 300, note: '' },
    { id: 'directory:total', source: 'yc', ref: 'all', value: 3000, note: '' },
    { id: 'bls:39-2021:employment', source: 'bls', ref: '39-2021', value: 364.6, note: '' },
    { id: 'bls:39-2021:growth', source: 'bls', ref: '39-2021', value: 16.6, note: '' },
    { id: 'match:occupation', source: 'onet', ref: '39-2021.00', value: 0.5, note: '' },
    { id: 'market:interest', source: 'yc', ref: 'q', value: 20, note: '' },
    { id: 'match:query', source: 'yc', ref: 'q', value: 0.8, note: '' },
    { id: 'match:cell', source: 'yc', ref: 'q', value: 1, note: '' },
    { id: 'corpus:kind', source: kind === 'seed' ? 'seed' : 'yc', ref: 'v', value: kind, note: '' },
  ];
}

describe('scoring rubric', () => {
  it('measures competitor density on every company past the bar, not only the eight listed', () => {
    const listed = Array.from({ length: 8 }, (_, i) => company(`c${i}`, 'Active', '2020-01-01'));
    const factor = (e: Evidence[], score: 'innovationScore' | 'marketSize', key: string) =>
      scoreEvidence(e).breakdown[score].factors.find((f) => f.key === key)!;
    const crowded: Evidence = { id: 'cell:competitors', source: 'yc', ref: 'q', value: 30, note: '' };
    const white = factor([...base(), ...listed, crowded], 'innovationScore', 'whiteSpace');
    expect(white.value).toBe(0);
    expect(white.evidenceIds).toContain('cell:competitors');
    expect(factor([...base(), ...listed, crowded], 'marketSize', 'founderInterest').value).toBe(1);
    const some: Evidence = { ...crowded, value: 12 };
    expect(factor([...base(), ...listed, some], 'innovationScore', 'whiteSpace').value).toBeCloseTo(1 - 12 / 15, 3);
    // An analysis stored before the count was kept: the listed companies alone, as then.
    const before = factor([...base(), ...listed], 'innovationScore', 'whiteSpace');
    expect(before.value).toBeCloseTo(1 - 8 / 15, 3);
    expect(before.evidenceIds).not.toContain('cell:competitors');
    // A count below the listed companies (impossible, but read defensively) never lowers density.
    expect(factor([...base(), ...listed, { ...crowded, value: 3 }], 'innovationScore', 'whiteSpace').value).toBeCloseTo(
      1 - 8 / 15,
      3,
    );
  });

  it('computes demand size from BLS employment on a log scale', () => {
    const s = scoreEvidence(base());
    const size = s.breakdown.marketSize.factors.find((f) => f.key === 'demandSize')!;
    expect(size.value).toBeCloseTo((Math.log10(364_600) - 3) / 4, 3);
    expect(size.evidenceIds).toEqual(['bls:39-2021:employment']);
    expect(s.marketSize).toBe(Math.round(s.breakdown.marketSize.factors.reduce((t, f) => t + f.contribution, 0)));
  });

  it("sizes demand from the segment's workers and its establishments when they are known", () => {
    const people = (d: number): number => (Math.log10(d) - 3) / 4;
    const businesses = (n: number): number => (Math.log10(n) - 2) / 4;
    const workers: Evidence = { id: 'segment:6212:workers', source: 'staffing', ref: '43-4171', value: 81.2, note: '' };
    const establishments: Evidence = {
      id: 'industry:establishments',
      source: 'census',
      ref: '6212',
      value: 135_333,
      note: '',
    };
    const size = (e: Evidence[]) => scoreEvidence(e).breakdown.marketSize.factors.find((f) => f.key === 'demandSize')!;
    // The workers the customers' industry employs replace the occupation's national employment.
    const inSegment = size([...base(), workers]);
    expect(inSegment.value).toBeCloseTo(people(81_200), 3);
    expect(inSegment.evidenceIds).toEqual(['segment:6212:workers']);
    // Establishments count half: the number of businesses that could buy.
    const both = size([...base(), workers, establishments]);
    expect(both.value).toBeCloseTo(0.5 * people(81_200) + 0.5 * businesses(135_333), 3);
    expect(both.evidenceIds).toEqual(['segment:6212:workers', 'industry:establishments']);
    // Businesses alone (no occupation cited): sized by them, not scored zero.
    const onlyBusinesses = scoreEvidence([
      ...base().filter((e) => !e.id.startsWith('bls:')),
      establishments,
    ]).breakdown.marketSize.factors.find((f) => f.key === 'demandSize')!;
    expect(onlyBusinesses.value).toBeCloseTo(businesses(135_333), 3);
    // More businesses, more demand.
    const fewer = size([...base(), workers, { ...establishments, value: 4_000 }]);
    expect(fewer.value).toBeLessThan(both.value);
  });

  it('raises the opportunity of an underserved cell when a competitor leaves it', () => {
    const two = [...base(), company('a', 'Active', '2019-01-01'), company('b', 'Active', '2020-01-01')];
    const one = [...base(), company('a', 'Active', '2019-01-01')];
    expect(scoreEvidence(one).opportunityScore).toBeGreaterThan(scoreEvidence(two).opportunityScore);
  });

  it('counts shut-down companies against feasibility, and recent entries towards innovation', () => {
    const alive = [...base(), company('a', 'Active', '2025-01-01'), company('b', 'Active', '2025-03-01')];
    const dead = [...base(), company('a', 'Inactive', '2012-01-01'), company('b', 'Inactive', '2013-03-01')];
    expect(scoreEvidence(alive).feasibility).toBeGreaterThan(scoreEvidence(dead).feasibility);
    expect(scoreEvidence(alive).innovationScore).toBeGreaterThan(scoreEvidence(dead).innovationScore);
  });

  it('treats an acquisition as an exit, not a failure: it does not lower survival', () => {
    const survival = (status: string): number =>
      scoreEvidence([
        ...base(),
        company('a', 'Active', '2019-01-01'),
        company('b', status, '2013-03-01'),
      ]).breakdown.feasibility.factors.find((f) => f.key === 'survival')!.value;
    expect(survival('Acquired')).toBe(1);
    expect(survival('Inactive')).toBe(0.5);
  });

  it('sizes a job by the people doing its work activity when measured, so two jobs of one worker differ', () => {
    const activity = (value: number): Evidence => ({
      id: 'activity:4.A.4.a.2.I03.D03:demand',
      source: 'staffing',
      ref: '4.A.4.a.2.I03.D03',
      value,
      note: 'People doing it',
    });
    const size = (e: Evidence[]) =>
      scoreEvidence(e).breakdown.opportunityScore.factors.find((f) => f.key === 'demandSize')!;
    const wide = size([...base(), activity(2000)]);
    expect(wide.value).toBeCloseTo((Math.log10(2_000_000) - 3) / 4, 3);
    expect(wide.evidenceIds).toEqual(['activity:4.A.4.a.2.I03.D03:demand']);
    expect(wide.label).toMatch(/work activity/);
    expect(scoreEvidence([...base(), activity(2000)]).opportunityScore).toBeGreaterThan(
      scoreEvidence([...base(), activity(20)]).opportunityScore,
    );
    // Without it, the occupation's employment as before.
    expect(size(base()).evidenceIds).toEqual(['bls:39-2021:employment']);
  });

  it('caps confidence on the seed corpus', () => {
    const many = Array.from({ length: 10 }, (_, i) => company(`c${i}`, 'Active', '2020-01-01'));
    expect(scoreEvidence([...base('full'), ...many]).confidenceScore).toBeGreaterThan(30);
    expect(scoreEvidence([...base('seed'), ...many]).confidenceScore).toBeLessThanOrEqual(30);
  });

  it('does not size a market whose evidence counts nobody who buys, and does not score it as small', () => {
    const companies = Array.from({ length: 6 }, (_, i) => company(`c${i}`, 'Active', '2020-01-01'));
    const unsized = [...base().filter((e) => !e.id.startsWith('bls:')), ...companies];
    const s = scoreEvidence(unsized);
    // Unknown, not 0: the score and its breakdown say so, with no factor pretending to measure it.
    expect(s.marketSize).toBeNull();
    expect(s.breakdown.marketSize.score).toBeNull();
    expect(s.breakdown.marketSize.factors).toEqual([]);
    expect(s.breakdown.marketSize.formula).toMatch(/not sized/);
    // Importance: demand is not measured, so market interest carries the whole weight.
    const importance = s.breakdown.opportunityScore.factors;
    expect(importance.find((f) => f.key === 'demandSize')).toMatchObject({ value: 0, weight: 0, contribution: 0 });
    expect(importance.find((f) => f.key === 'marketInterest')!.weight).toBe(1);
    expect(importance.find((f) => f.key === 'demandGrowth')).toBeUndefined();
    // Potential rests on the opportunity score alone.
    expect(s.breakdown.marketPotential.factors.map((f) => [f.key, f.weight])).toEqual([['opportunity', 1]]);
    expect(s.breakdown.marketPotential.score).toBeCloseTo(s.opportunityScore, 0);

    // The same companies and interest with a small counted demand: sized, and importance is lower than the
    // unsized market's, whose unknown demand is not read as none.
    const tiny: Evidence = { id: 'bls:00-0000:employment', source: 'bls', ref: '00-0000', value: 1.5, note: '' };
    const small = scoreEvidence([...unsized, tiny]);
    expect(small.marketSize).toBeTypeOf('number');
    expect(small.breakdown.marketSize.factors.map((f) => f.key)).toEqual([
      'demandSize',
      'demandGrowth',
      'founderInterest',
    ]);
    expect(small.opportunityScore).toBeLessThan(s.opportunityScore);
    // Establishments alone size a market too.
    const establishments: Evidence = {
      id: 'industry:establishments',
      source: 'census',
      ref: '621210',
      value: 135_333,
      note: '',
    };
    expect(scoreEvidence([...unsized, establishments]).marketSize).toBeGreaterThan(0);
  });
});
