import { describe, expect, it } from 'vitest';
import {
  deriveMarketMap,
  establishmentsText,
  growthText,
  scoreBand,
  singleCellSentence,
  supplyText,
  workersText,
} from './market-map.ts';
import {
  dentalOnlyOpportunity,
  physiciansJobOpportunity,
  vetAnalysisOpportunities,
  vetBillingOpportunity,
  vetCoreOpportunity,
} from './test/market-map-fixtures.ts';

describe('the market map of an analysis', () => {
  const map = deriveMarketMap(vetAnalysisOpportunities);

  it('has a row per segment and a column per job, in the order of their best opportunity', () => {
    expect(map.segments).toEqual(['veterinary clinics', "physicians' offices"]);
    expect(map.jobs).toEqual(['front desk automation', 'billing']);
    expect(map.grid.map((row) => row.map((c) => c?.opportunity.title ?? null))).toEqual([
      ['Front desk automation for veterinary clinics', 'Billing for veterinary clinics'],
      ["Front desk automation for physicians' offices", null],
    ]);
    expect(map.emptyCount).toBe(1);
  });

  it('lists the scored cells best first by rank whatever order the opportunities come in', () => {
    const shuffled = deriveMarketMap([vetBillingOpportunity, physiciansJobOpportunity, vetCoreOpportunity]);
    expect(shuffled.cells.map((c) => c.opportunity.rank)).toEqual([1, 2, 3]);
    expect(shuffled.segments).toEqual(map.segments);
  });

  it('reads supply from the competitors (active = Active or Public) and the software O*NET lists', () => {
    const physicians = map.grid[1]![0]!;
    expect(physicians.supply).toEqual({ competitors: 3, active: 1, software: 0 });
    expect(map.grid[0]![0]!.supply).toEqual({ competitors: 1, active: 1, software: 2 });
    expect(supplyText(map.grid[0]![0]!.supply)).toBe('1 competitor, 1 active; 2 established software products');
    expect(supplyText(map.grid[0]![1]!.supply)).toBe('no competitor found');
  });

  it("reads establishments and the job's workers in the industry from the cell's evidence, with their ids", () => {
    const physicians = map.grid[1]![0]!;
    expect(physicians.score).toBe(64);
    expect(physicians.demand.establishments).toMatchObject({ value: 220113, evidenceIds: ['industry:establishments'] });
    expect(physicians.demand.workers).toMatchObject({
      value: 412600,
      evidenceIds: ['activity:4.A.4.a.2.I12.D07:demand'],
      scope: 'industry',
    });
    expect(physicians.demand.growth).toBeNull();
    expect(workersText(physicians.demand)).toBe('412,600 people doing this work (in the industry)');
  });

  it("reads the cited workers the segment's industry employs before the occupation's U.S. employment", () => {
    const workers = {
      id: 'segment:541940:workers',
      source: 'staffing' as const,
      ref: '43-4081',
      value: 81.2,
      note: 'Receptionists employed by veterinary services: 81,200 in 2018 (BLS staffing matrix)',
    };
    const vet = deriveMarketMap([{ ...vetCoreOpportunity, evidence: [...vetCoreOpportunity.evidence, workers] }]);
    expect(vet.grid[0]![0]!.demand.workers).toMatchObject({
      value: 81_200,
      evidenceIds: ['segment:541940:workers'],
      scope: 'industry',
    });
  });

  it("falls back to the cited worker occupation's U.S. employment and growth, saying so", () => {
    const vet = map.grid[0]![0]!;
    expect(vet.demand.workers).toMatchObject({
      value: 271300,
      evidenceIds: ['bls:43-4081:employment'],
      scope: 'occupation',
    });
    expect(workersText(vet.demand)).toBe('271,300 people doing this work (U.S., whole occupation)');
    expect(vet.demand.growth).toMatchObject({ value: 7, evidenceIds: ['bls:43-4081:growth'] });
    expect(growthText(vet.demand)).toBe('+7 % to 2033');
    expect(establishmentsText(vet.demand)).toBe('32,634 establishments');
  });

  it('sums the U.S. employment of several cited worker occupations, citing each, and gives no single growth', () => {
    const two = deriveMarketMap([
      {
        ...vetCoreOpportunity,
        evidence: [...vetCoreOpportunity.evidence, ...dentalOnlyOpportunity.evidence],
      },
    ]);
    expect(two.cells[0]!.demand.workers).toMatchObject({
      value: 647800,
      evidenceIds: ['bls:43-4081:employment', 'bls:31-9091:employment'],
      scope: 'occupation',
    });
    expect(two.cells[0]!.demand.growth).toBeNull();
  });

  it('never invents demand: a cell without demand evidence is not sized, and no figure is zero', () => {
    const billing = map.grid[0]![1]!;
    expect(billing.isSized).toBe(false);
    expect(billing.demand).toEqual({ establishments: null, workers: null, growth: null });
    expect(establishmentsText(billing.demand)).toBe('establishments not sized');
    expect(workersText(billing.demand)).toBe('workers not sized');
    expect(growthText(billing.demand)).toBeNull();
  });

  it('ignores a demand row whose value is not a number', () => {
    const odd = deriveMarketMap([
      {
        ...vetBillingOpportunity,
        evidence: [{ id: 'industry:establishments', source: 'census', ref: 'x', value: 'many', note: 'many' }],
      },
    ]);
    expect(odd.cells[0]!.demand.establishments).toBeNull();
    expect(odd.cells[0]!.isSized).toBe(false);
  });

  it('keeps a second opportunity on the same segment × job with the cell instead of overwriting it', () => {
    const twice = deriveMarketMap([vetCoreOpportunity, { ...vetCoreOpportunity, rank: 2, title: 'Check-in kiosks' }]);
    expect(twice.cells).toHaveLength(1);
    expect(twice.cells[0]!.opportunity.rank).toBe(1);
    expect(twice.cells[0]!.alsoHere.map((o) => o.title)).toEqual(['Check-in kiosks']);
  });
});

describe('a map with one cell', () => {
  it('says so plainly', () => {
    const map = deriveMarketMap([dentalOnlyOpportunity]);
    expect(map.cells).toHaveLength(1);
    expect(singleCellSentence(map)).toBe(
      'This map has one cell: the analysis scored one customer segment (dental practices) and one job (software), so there is nothing to compare it with here.',
    );
    expect(map.cells[0]!.demand.establishments).toBeNull();
    expect(map.cells[0]!.demand.workers).toMatchObject({ value: 376500, scope: 'occupation' });
    expect(map.cells[0]!.demand.growth?.value).toBe(8.4);
  });

  it('is not said of a larger map', () => {
    expect(singleCellSentence(deriveMarketMap(vetAnalysisOpportunities))).toBeNull();
  });

  it('of an analysis without opportunities is empty', () => {
    expect(deriveMarketMap([])).toEqual({ segments: [], jobs: [], grid: [], cells: [], emptyCount: 0 });
  });
});

describe('score bands', () => {
  it.each([
    [100, 'high'],
    [60, 'high'],
    [59, 'medium'],
    [40, 'medium'],
    [39, 'low'],
    [0, 'low'],
  ] as const)('%d is %s', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });
});
