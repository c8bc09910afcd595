import { describe, expect, it } from 'vitest';
import type { Evidence } from '#shared/engine/analysis.schemas.ts';
import type { Company, CompanyStatus } from '../corpus/corpus.types.ts';
import { cellInsights } from './insight.ts';
import type { MeasuredCell } from './measure.ts';
import type { Cell, CellKind } from './plan-opportunities.ts';

// Insights from hand-built cells: each names the evidence it rests on, and the order of precedence
// is the one the product promises (segments compared first, then what the cell's own companies say).

function company(name: string, status: CompanyStatus, year: number): Company {
  return {
    slug: name.toLowerCase(),
    name,
    website: null,
    oneLiner: '',
    description: '',
    industry: '',
    subindustry: '',
    tags: [],
    batch: `Winter ${year}`,
    year,
    launchedAt: null,
    status,
    teamSize: null,
    topCompany: false,
    locations: [],
    source: 'yc',
  };
}

const window: Evidence[] = [
  { id: 'directory:recent', source: 'yc', ref: '2024-2026', value: 300, note: '' },
  { id: 'directory:total', source: 'yc', ref: 'all', value: 3000, note: '' },
];

function cell(kind: CellKind, segment: string, companies: Company[], extra: Evidence[] = []): MeasuredCell {
  const c = { kind, segment, title: segment, offering: 'scheduling', members: [] } as unknown as Cell;
  return { cell: c, companies, evidence: [...window, ...extra], latestEvidenceDate: null };
}

const establishments = (value: number): Evidence => ({
  id: 'industry:establishments',
  source: 'census',
  ref: '6211',
  value,
  note: '',
});

describe('one insight per opportunity', () => {
  it('points the core at a neighbouring segment with more businesses and fewer startups, with both counts', () => {
    const core = cell(
      'core',
      'dental practices',
      [company('A', 'Active', 2020), company('B', 'Active', 2021)],
      [establishments(135_333)],
    );
    const next = cell('adjacent', 'offices of physicians', [], [establishments(209_390)]);
    const [coreInsight, adjacentInsight] = cellInsights([core, next]);
    expect(coreInsight).toMatch(/^Next door: offices of physicians count 209,390 establishments and no startup/);
    expect(coreInsight).toContain('against 135,333 and 2 here');
    expect(adjacentInsight).toMatch(/^Empty segment: offices of physicians count 209,390 establishments \(Census\)/);
  });

  it('does not send a founder next door to a smaller or more crowded segment', () => {
    const core = cell('core', 'dental practices', [company('A', 'Active', 2020)], [establishments(135_333)]);
    const smaller = cell('adjacent', 'optometrists', [], [establishments(20_000)]);
    const crowded = cell(
      'adjacent',
      'physicians',
      [company('B', 'Active', 2020), company('C', 'Active', 2021)],
      [establishments(209_390)],
    );
    expect(cellInsights([core, smaller, crowded])[0]).toMatch(/^Thinly served: only A/);
  });

  it('counts every company past the bar, not only the listed ones, before saying "only" (ADR 056)', () => {
    const counted = (value: number): Evidence => ({ id: 'cell:competitors', source: 'yc', ref: 'q', value, note: '' });
    const listed = [company('A', 'Active', 2020), company('B', 'Inactive', 2021)];
    expect(cellInsights([cell('core', 'x', listed, [counted(2)])])[0]).toMatch(/^Thinly served: only A and B/);
    expect(cellInsights([cell('core', 'x', listed, [counted(12)])])[0]).toBe(
      'Served by 12 companies in the directory; the closest: A and B, 1 of those 2 still active and independent.',
    );
    // Legacy software "challenged by only" a few is not said when many more pass the bar.
    const tools: Evidence[] = ['ToolOne', 'ToolTwo'].map((value, i) => ({
      id: `onet:x:tech:${i}`,
      source: 'onet',
      ref: 'x',
      value,
      note: '',
    }));
    expect(cellInsights([cell('core', 'x', [company('A', 'Active', 2020)], tools)])[0]).toMatch(/^Legacy software/);
    expect(cellInsights([cell('core', 'x', [company('A', 'Active', 2020)], [...tools, counted(9)])])[0]).toMatch(
      /^Served by 9 companies/,
    );
  });

  it('does not repeat word for word what an earlier cell said when it has something else true to say', () => {
    // Jobs of one market share their companies: six active (contested), one acquired (an exit).
    const shared = [
      company('A', 'Active', 2018),
      company('B', 'Active', 2019),
      company('C', 'Active', 2020),
      company('D', 'Active', 2021),
      company('E', 'Active', 2022),
      company('F', 'Active', 2017),
      company('G', 'Acquired', 2016),
    ];
    const jobs = ['job one', 'job two', 'job three', 'job four'].map((s) => cell('job', s, shared));
    const [first, second, third, fourth] = cellInsights(jobs);
    expect(first).toMatch(/^Exits, not failures: G was acquired/);
    expect(second).toMatch(/^Contested: 6 active companies/);
    expect(third).toMatch(/^Thinly served: only A, B and C \(\+4 more\)/);
    // Nothing new left to say: the most telling one again, rather than nothing.
    expect(fourth).toBe(first);
  });

  it('calls out a failure pattern before crowding or exits, naming who shut down', () => {
    const failing = cell('core', 'x', [
      company('A', 'Inactive', 2015),
      company('B', 'Inactive', 2016),
      company('C', 'Acquired', 2017),
      company('D', 'Active', 2025),
    ]);
    expect(cellInsights([failing])[0]).toMatch(
      /^Failure pattern: 2 of 4 shut down \(A, Winter 2015 and B, Winter 2016\)/,
    );
  });

  it('reads recent entries against the directory as crowding, and acquisitions as exits', () => {
    const crowded = cell('core', 'x', [
      company('A', 'Active', 2024),
      company('B', 'Active', 2025),
      company('C', 'Active', 2025),
      company('D', 'Active', 2018),
    ]);
    // 3 of 4 recent against 10 % of the directory (300 of 3,000).
    expect(cellInsights([crowded])[0]).toMatch(
      /^Crowding: 3 of 4 entered in 2024-2026, against 10 % of the whole directory/,
    );
    const exits = cell('core', 'x', [company('A', 'Acquired', 2012), company('B', 'Active', 2015)]);
    expect(cellInsights([exits])[0]).toMatch(/^Exits, not failures: A was acquired/);
  });

  it('says white space plainly, with the software the work already runs on when O*NET lists it', () => {
    const tools: Evidence = { id: 'onet:43-4171:tech:0', source: 'onet', ref: '43-4171', value: 'Dentrix', note: '' };
    expect(cellInsights([cell('core', 'x', [], [tools])])[0]).toMatch(/^White space in the directory: .*Dentrix/);
    expect(cellInsights([cell('core', 'x', [])])[0]).toMatch(
      /^White space in the directory: no startup in it does this\./,
    );
  });
});

describe('the offline composer on demand', () => {
  it('says demand is sized by establishments when no occupation counts the people, and not scored when neither', async () => {
    const { composeOffline } = await import('./compose-offline.ts');
    const { scoreEvidence } = await import('./rubric.ts');
    const sized = cell('adjacent', 'grocery stores', [], [establishments(96_499)]);
    const sizedCell = { ...sized, cell: { ...sized.cell, occupations: [], job: null } };
    const withBusinesses = composeOffline(sizedCell, scoreEvidence(sizedCell.evidence));
    expect(withBusinesses.gapReason).toContain('demand is sized by the 96,499 establishments that could buy');
    expect(withBusinesses.gapReason).not.toContain('not scored');
    const bare = cell('core', 'x', []);
    const bareCell = { ...bare, cell: { ...bare.cell, occupations: [], job: null } };
    expect(composeOffline(bareCell, scoreEvidence(bareCell.evidence)).gapReason).toContain('demand is not scored');
  });

  it("writes a need for all customers in the user's capitals, and positions against a rival without a stray pronoun", async () => {
    const { composeOffline } = await import('./compose-offline.ts');
    const { scoreEvidence } = await import('./rubric.ts');
    const base = cell('core', 'all customers', [{ ...company('A', 'Active', 2020), oneLiner: 'Smart bottles.' }]);
    const need = {
      ...base,
      cell: { ...base.cell, title: 'A bottle that tracks how much I drink', occupations: [], job: null },
    };
    const text = composeOffline(need, scoreEvidence(need.evidence));
    expect(text.description).toContain('a bottle that tracks how much I drink');
    const position = text.actionableRecommendations.find((r) => r.startsWith('Position against A'));
    expect(position).toContain('find the customers it does not serve well');
    expect(text.actionableRecommendations.join(' ')).not.toMatch(/\bthe its\b/);
  });
});
