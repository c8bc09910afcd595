import { describe, expect, it } from 'vitest';
import { computeMarketSize, assumption, type MarketSizeInputs } from './market-size.ts';
import {
  breakEvenMonth,
  cashCurve,
  DEFAULT_ASSUMPTIONS,
  describeBreakEven,
  describeSensitivity,
  project,
  roiAt,
  type ProjectionAssumptions,
} from './projections.ts';

const flat = { revenueMultiplier: 1, monthlyGrowthPercent: 0, expenseMultiplier: 1 };
const noRamp: ProjectionAssumptions = { rampMonths: 0, pessimistic: flat, base: flat, optimistic: flat };

describe('break-even', () => {
  it.each([
    // [case, investment, revenue, expenses, growth %, ramp, expected label]
    ['pays back in 10 months', 10_000, 2_000, 1_000, 0, 0, 'month 10'],
    ['exactly at month 1', 1_000, 2_000, 1_000, 0, 0, 'month 1'],
    ['zero investment, profitable', 0, 2_000, 1_000, 0, 0, 'month 1'],
    ['zero investment, nothing in or out', 0, 0, 0, 0, 0, 'month 1'],
    ['zero revenue', 10_000, 0, 1_000, 0, 0, 'never at these numbers'],
    ['zero revenue, zero expenses, money invested', 5_000, 0, 0, 0, 0, 'never at these numbers'],
    ['revenue below expenses, no growth', 10_000, 900, 1_000, 0, 0, 'never at these numbers'],
    ['revenue equals expenses, money invested', 10_000, 1_000, 1_000, 0, 0, 'never at these numbers'],
    ['zero investment, revenue below expenses', 0, 900, 1_000, 0, 0, 'never at these numbers'],
    ['slow payback past 36 months', 100_000, 2_000, 1_000, 0, 0, 'not within 36 months'],
    ['revenue below expenses but growing', 10_000, 500, 1_000, 3, 0, 'not within 36 months'],
    ['shrinking revenue never recovers', 50_000, 2_000, 1_000, -10, 0, 'never at these numbers'],
    ['ramp delays break-even', 10_000, 2_000, 1_000, 0, 4, 'month 13'],
    ['floating-point dust does not miss it', 0.3, 0.2, 0.1, 0, 0, 'month 3'],
  ])('%s', (_name, initialInvestment, monthlyRevenue, monthlyExpenses, growth, ramp, label) => {
    const s = { ...flat, monthlyGrowthPercent: growth };
    const month = breakEvenMonth({ initialInvestment, monthlyRevenue, monthlyExpenses }, s, ramp);
    expect(describeBreakEven(month).label).toBe(label);
  });

  it('reports the month after 36 when it comes later, and never Infinity or NaN anywhere', () => {
    const p = project({ initialInvestment: 100_000, monthlyRevenue: 2_000, monthlyExpenses: 1_000 }, noRamp)!;
    expect(p.scenarios[1]!.breakEven).toEqual({ kind: 'beyond', month: 100, label: 'not within 36 months' });
    const extreme = project(
      { initialInvestment: 10_000_000, monthlyRevenue: 1_000_000, monthlyExpenses: 0 },
      {
        ...DEFAULT_ASSUMPTIONS,
        optimistic: { revenueMultiplier: 5, monthlyGrowthPercent: 100, expenseMultiplier: 0 },
      },
    )!;
    const numbers = JSON.stringify(extreme);
    expect(numbers).not.toMatch(/Infinity|NaN|null,"cumulative"/);
    for (const s of extreme.scenarios) for (const p of s.curve) expect(Number.isFinite(p.cumulative)).toBe(true);
  });
});

describe('ROI and the cash curve', () => {
  it.each([
    // [investment, revenue, expenses, month, ROI %]
    [10_000, 2_000, 1_000, 12, 20],
    [10_000, 2_000, 1_000, 24, 140],
    [10_000, 2_000, 1_000, 36, 260],
    [10_000, 0, 1_000, 12, -220],
    [0, 2_000, 1_000, 12, null],
  ])('investment %d, revenue %d, expenses %d → ROI at %d months %s %', (i, r, e, month, roi) => {
    const curve = cashCurve({ initialInvestment: i, monthlyRevenue: r, monthlyExpenses: e }, flat, 0);
    expect(roiAt(curve, i, month)).toBe(roi);
  });

  it('starts at minus the investment and adds each month’s net', () => {
    const curve = cashCurve({ initialInvestment: 1_000, monthlyRevenue: 300, monthlyExpenses: 100 }, flat, 2);
    expect(curve.slice(0, 4).map((p) => p.cumulative)).toEqual([-1_000, -950, -750, -550]);
    expect(curve).toHaveLength(37);
  });

  it('scenarios are ordered pessimistic ≤ base ≤ optimistic with the default assumptions', () => {
    const p = project({ initialInvestment: 50_000, monthlyRevenue: 8_000, monthlyExpenses: 5_000 })!;
    const at36 = p.scenarios.map((s) => s.curve[36]!.cumulative);
    expect(at36[0]!).toBeLessThan(at36[1]!);
    expect(at36[1]!).toBeLessThan(at36[2]!);
  });

  it('is not computed without revenue and expenses', () => {
    expect(project({ initialInvestment: 1, monthlyRevenue: null, monthlyExpenses: 1 })).toBeNull();
    expect(project({ initialInvestment: 1, monthlyRevenue: 1, monthlyExpenses: null })).toBeNull();
  });
});

describe('sensitivity', () => {
  it.each([
    // A thin margin: revenue moves break-even most. A fat margin on a big investment: investment does.
    ['thin margin', { initialInvestment: 10_000, monthlyRevenue: 1_100, monthlyExpenses: 1_000 }, 'monthlyRevenue'],
    ['fat margin', { initialInvestment: 100_000, monthlyRevenue: 10_000, monthlyExpenses: 1_000 }, 'initialInvestment'],
    [
      'expenses dominate',
      { initialInvestment: 1_000, monthlyRevenue: 5_000, monthlyExpenses: 4_900 },
      'monthlyRevenue',
    ],
  ])('%s', (_name, inputs, first) => {
    const p = project(inputs, noRamp)!;
    expect(p.sensitivity[0]!.input).toBe(first);
    const swings = p.sensitivity.map((r) => r.swingMonths);
    expect(swings).toEqual([...swings].sort((a, b) => b - a));
  });

  it('counts a change that makes it never break even as the whole search horizon', () => {
    const p = project({ initialInvestment: 10_000, monthlyRevenue: 1_100, monthlyExpenses: 1_000 }, noRamp)!;
    const expenses = p.sensitivity.find((r) => r.input === 'monthlyExpenses')!;
    expect(expenses.highBreakEven).toBeNull();
    expect(expenses.swingMonths).toBeGreaterThan(1000);
  });

  it('says the change in months, capped at the 36 charted months (issue 29: "month never / month 83 — moves it 1117 months")', () => {
    const row = (low: number | null, high: number | null) => ({
      input: 'monthlyRevenue' as const,
      label: 'Monthly revenue',
      change: '−20 % / +20 %',
      lowBreakEven: low,
      highBreakEven: high,
      swingMonths: 0,
    });
    expect(describeSensitivity(row(null, 83))).toBe(
      'break-even beyond 36 months / beyond 36 months: no change within 36 months',
    );
    expect(describeSensitivity(row(30, null))).toBe(
      'break-even month 30 / beyond 36 months: a change of more than 6 months',
    );
    expect(describeSensitivity(row(14, 9))).toBe('break-even month 14 / month 9: a change of 5 months');
    expect(describeSensitivity(row(10, 11))).toBe('break-even month 10 / month 11: a change of 1 month');
    expect(describeSensitivity(row(12, 12))).toBe('break-even month 12 / month 12: no change');
    const p = project({ initialInvestment: 10_000, monthlyRevenue: 1_100, monthlyExpenses: 1_000 }, noRamp)!;
    for (const r of p.sensitivity) expect(describeSensitivity(r)).not.toMatch(/never|\d{3,} months/);
  });
});

describe('market size', () => {
  const inputs = (c: number | null, p: number | null, s: number | null, a: number | null): MarketSizeInputs => ({
    customers: { value: c, source: 'evidence', evidenceId: 'bls:29-1131:employment', citation: 'BLS' },
    pricePerMonth: assumption(p),
    serviceableSharePercent: assumption(s),
    adoptionPercent: assumption(a),
  });
  it.each([
    [88_200, 50, 40, 5, { tam: 52_920_000, sam: 21_168_000, som: 1_058_400, missing: [] }],
    [88_200, null, 40, 5, { tam: null, sam: null, som: null, missing: ['pricePerMonth'] }],
    [88_200, 50, null, 5, { tam: 52_920_000, sam: null, som: null, missing: ['serviceableSharePercent'] }],
    [0, 50, 100, 100, { tam: 0, sam: 0, som: 0, missing: [] }],
    [
      null,
      null,
      null,
      null,
      {
        tam: null,
        sam: null,
        som: null,
        missing: ['customers', 'pricePerMonth', 'serviceableSharePercent', 'adoptionPercent'],
      },
    ],
  ])('%s customers × $%s × %s %% × %s %%', (c, p, s, a, expected) => {
    expect(computeMarketSize(inputs(c, p, s, a))).toMatchObject(expected);
  });
});
