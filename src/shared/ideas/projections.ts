import { z } from 'zod';

// Financial projections from an idea's own numbers: pure functions, shared by the server (which
// stores the result with the idea) and the client (which recomputes as the user edits). Every
// assumption is stated and editable; nothing here is a market figure.

export const PROJECTION_MONTHS = 36;
/** How far the break-even search looks past the chart before saying "never at these numbers". */
export const BREAK_EVEN_SEARCH_MONTHS = 1200;
export const ROI_MONTHS = [12, 24, 36] as const;
export const SCENARIOS = ['pessimistic', 'base', 'optimistic'] as const;
export type ScenarioKey = (typeof SCENARIOS)[number];
export const SCENARIO_LABELS: Record<ScenarioKey, string> = {
  pessimistic: 'Pessimistic',
  base: 'Base',
  optimistic: 'Optimistic',
};

export const scenarioAssumptionsSchema = z.strictObject({
  /** Share of the stated monthly revenue actually reached (1 = as stated). */
  revenueMultiplier: z.number({ message: 'Must be a number' }).min(0, 'Must be 0 or more').max(5, 'Must be 5 or less'),
  /** Month-on-month revenue growth once ramped up, in percent. */
  monthlyGrowthPercent: z
    .number({ message: 'Must be a number' })
    .min(-50, 'Must be between -50 and 100')
    .max(100, 'Must be between -50 and 100'),
  /** Share of the stated monthly expenses actually spent (1 = as stated). */
  expenseMultiplier: z.number({ message: 'Must be a number' }).min(0, 'Must be 0 or more').max(5, 'Must be 5 or less'),
});
export type ScenarioAssumptions = z.infer<typeof scenarioAssumptionsSchema>;

export const projectionAssumptionsSchema = z.strictObject({
  /** Months until revenue reaches its stated level (linear ramp; 0 = from the first month). */
  rampMonths: z
    .number({ message: 'Must be a number' })
    .int('Must be a whole number of months')
    .min(0, 'Must be between 0 and 24')
    .max(24, 'Must be between 0 and 24'),
  pessimistic: scenarioAssumptionsSchema,
  base: scenarioAssumptionsSchema,
  optimistic: scenarioAssumptionsSchema,
});
export type ProjectionAssumptions = z.infer<typeof projectionAssumptionsSchema>;

/** The starting assumptions, each one the user's to change (the screen says so). */
export const DEFAULT_ASSUMPTIONS: ProjectionAssumptions = {
  rampMonths: 3,
  pessimistic: { revenueMultiplier: 0.7, monthlyGrowthPercent: 0, expenseMultiplier: 1.15 },
  base: { revenueMultiplier: 1, monthlyGrowthPercent: 1, expenseMultiplier: 1 },
  optimistic: { revenueMultiplier: 1.3, monthlyGrowthPercent: 3, expenseMultiplier: 0.95 },
};

export type ProjectionInputs = { initialInvestment: number; monthlyRevenue: number; monthlyExpenses: number };

export const breakEvenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('month'), month: z.number().int(), label: z.string() }),
  /** Breaks even after the 36 charted months: `month` says when. */
  z.object({ kind: z.literal('beyond'), month: z.number().int(), label: z.string() }),
  z.object({ kind: z.literal('never'), label: z.string() }),
]);
export type BreakEven = z.infer<typeof breakEvenSchema>;

const curvePointSchema = z.object({
  month: z.number().int(),
  revenue: z.number(),
  expenses: z.number(),
  net: z.number(),
  cumulative: z.number(),
});
export type CurvePoint = z.infer<typeof curvePointSchema>;

export const scenarioProjectionSchema = z.object({
  key: z.enum(SCENARIOS),
  label: z.string(),
  assumptions: scenarioAssumptionsSchema,
  breakEven: breakEvenSchema,
  /** Return on the initial investment at 12, 24 and 36 months, in percent; null without an investment. */
  roi: z.array(z.object({ month: z.number().int(), percent: z.number().nullable() })),
  curve: z.array(curvePointSchema),
});

export const SENSITIVITY_INPUTS = [
  'initialInvestment',
  'monthlyRevenue',
  'monthlyExpenses',
  'monthlyGrowthPercent',
  'rampMonths',
] as const;
export type SensitivityInput = (typeof SENSITIVITY_INPUTS)[number];
export const SENSITIVITY_LABELS: Record<SensitivityInput, string> = {
  initialInvestment: 'Initial investment',
  monthlyRevenue: 'Monthly revenue',
  monthlyExpenses: 'Monthly expenses',
  monthlyGrowthPercent: 'Monthly growth (base)',
  rampMonths: 'Ramp-up months',
};

export const sensitivityRowSchema = z.object({
  input: z.enum(SENSITIVITY_INPUTS),
  label: z.string(),
  /** What was changed: "−20 % / +20 %", "−1 / +1 percentage point"… */
  change: z.string(),
  lowBreakEven: z.number().int().nullable(),
  highBreakEven: z.number().int().nullable(),
  /** Months between the two break-evens (a "never" counts as the search horizon). */
  swingMonths: z.number().int(),
});
export type SensitivityRow = z.infer<typeof sensitivityRowSchema>;

export const projectionsSchema = z.object({
  months: z.number().int(),
  inputs: z.object({ initialInvestment: z.number(), monthlyRevenue: z.number(), monthlyExpenses: z.number() }),
  rampMonths: z.number().int(),
  formulas: z.array(z.string()),
  scenarios: z.array(scenarioProjectionSchema),
  /** Inputs ordered by how far they move the base break-even, most first. */
  sensitivity: z.array(sensitivityRowSchema),
});
export type Projections = z.infer<typeof projectionsSchema>;

export const PROJECTION_FORMULAS = [
  'revenue(m) = monthly revenue × revenue multiplier × min(1, m ÷ ramp months) × (1 + growth)^(m − 1)',
  'expenses(m) = monthly expenses × expense multiplier',
  'cash(m) = − initial investment + Σ (revenue − expenses) for months 1…m',
  'break-even = the first month with cash ≥ 0',
  'ROI(n) = cash(n) ÷ initial investment',
];

const cents = (v: number): number => Math.round(v * 100) / 100;

function revenueAt(inputs: ProjectionInputs, s: ScenarioAssumptions, rampMonths: number, month: number): number {
  const ramp = rampMonths === 0 ? 1 : Math.min(1, month / rampMonths);
  return inputs.monthlyRevenue * s.revenueMultiplier * ramp * (1 + s.monthlyGrowthPercent / 100) ** (month - 1);
}

/** Month 0 is the investment; months 1…n the running cash position. */
export function cashCurve(
  inputs: ProjectionInputs,
  s: ScenarioAssumptions,
  rampMonths: number,
  months = PROJECTION_MONTHS,
): CurvePoint[] {
  const points: CurvePoint[] = [
    { month: 0, revenue: 0, expenses: 0, net: -inputs.initialInvestment, cumulative: -inputs.initialInvestment },
  ];
  let cumulative = -inputs.initialInvestment;
  for (let m = 1; m <= months; m++) {
    const revenue = revenueAt(inputs, s, rampMonths, m);
    const expenses = inputs.monthlyExpenses * s.expenseMultiplier;
    cumulative += revenue - expenses;
    points.push({
      month: m,
      revenue: cents(revenue),
      expenses: cents(expenses),
      net: cents(revenue - expenses),
      cumulative: cents(cumulative),
    });
  }
  return points;
}

/** The first month the running cash is back at 0 or above, searched up to `horizon` months. */
export function breakEvenMonth(
  inputs: ProjectionInputs,
  s: ScenarioAssumptions,
  rampMonths: number,
  horizon = BREAK_EVEN_SEARCH_MONTHS,
): number | null {
  let cumulative = -inputs.initialInvestment;
  const expenses = inputs.monthlyExpenses * s.expenseMultiplier;
  for (let m = 1; m <= horizon; m++) {
    cumulative += revenueAt(inputs, s, rampMonths, m) - expenses;
    // A tolerance of half a cent: 0.1 + 0.2 must not miss a break-even by floating-point dust.
    if (cumulative >= -0.005) return m;
    if (!Number.isFinite(cumulative)) return null;
  }
  return null;
}

export function describeBreakEven(month: number | null, months = PROJECTION_MONTHS): BreakEven {
  if (month === null) return { kind: 'never', label: 'never at these numbers' };
  if (month > months) return { kind: 'beyond', month, label: `not within ${months} months` };
  return { kind: 'month', month, label: `month ${month}` };
}

export function roiAt(curve: readonly CurvePoint[], investment: number, month: number): number | null {
  if (investment <= 0) return null;
  const point = curve[month];
  if (!point) return null;
  return Math.round((point.cumulative / investment) * 1000) / 10;
}

type Variation = {
  change: string;
  apply: (i: ProjectionInputs, a: ProjectionAssumptions, sign: -1 | 1) => [ProjectionInputs, ProjectionAssumptions];
};

const VARIATIONS: Record<SensitivityInput, Variation> = {
  initialInvestment: {
    change: '−20 % / +20 %',
    apply: (i, a, sign) => [{ ...i, initialInvestment: i.initialInvestment * (1 + 0.2 * sign) }, a],
  },
  monthlyRevenue: {
    change: '−20 % / +20 %',
    apply: (i, a, sign) => [{ ...i, monthlyRevenue: i.monthlyRevenue * (1 + 0.2 * sign) }, a],
  },
  monthlyExpenses: {
    change: '−20 % / +20 %',
    apply: (i, a, sign) => [{ ...i, monthlyExpenses: i.monthlyExpenses * (1 + 0.2 * sign) }, a],
  },
  monthlyGrowthPercent: {
    change: '−1 / +1 percentage point a month',
    apply: (i, a, sign) => [i, { ...a, base: { ...a.base, monthlyGrowthPercent: a.base.monthlyGrowthPercent + sign } }],
  },
  rampMonths: {
    change: '−2 / +2 months',
    apply: (i, a, sign) => [i, { ...a, rampMonths: Math.max(0, a.rampMonths + 2 * sign) }],
  },
};

/** Which input moves the base break-even most: each varied down and up, the others held. */
export function sensitivity(inputs: ProjectionInputs, assumptions: ProjectionAssumptions): SensitivityRow[] {
  const rows = SENSITIVITY_INPUTS.map((input) => {
    const v = VARIATIONS[input];
    const at = (sign: -1 | 1): number | null => {
      const [i, a] = v.apply(inputs, assumptions, sign);
      return breakEvenMonth(i, a.base, a.rampMonths);
    };
    const low = at(-1);
    const high = at(1);
    const capped = (m: number | null): number => m ?? BREAK_EVEN_SEARCH_MONTHS;
    return {
      input,
      label: SENSITIVITY_LABELS[input],
      change: v.change,
      lowBreakEven: low,
      highBreakEven: high,
      swingMonths: Math.abs(capped(low) - capped(high)),
    };
  });
  return rows.sort(
    (a, b) =>
      b.swingMonths - a.swingMonths || SENSITIVITY_INPUTS.indexOf(a.input) - SENSITIVITY_INPUTS.indexOf(b.input),
  );
}

/** A break-even month as the screens say it, capped at the charted horizon ("beyond 36 months"). */
export function breakEvenWithin(month: number | null, months = PROJECTION_MONTHS): string {
  return month !== null && month <= months ? `month ${month}` : `beyond ${months} months`;
}

const monthsText = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

/**
 * One sensitivity row in words: both break-evens (capped at the horizon) and the change between them in
 * months, "more than N months" when one side is beyond the horizon (issue 29: "month never / month 83 —
 * moves it 1117 months" read as nonsense).
 */
export function describeSensitivity(row: SensitivityRow, months = PROJECTION_MONTHS): string {
  const within = (m: number | null): m is number => m !== null && m <= months;
  const { lowBreakEven: low, highBreakEven: high } = row;
  const both = `break-even ${breakEvenWithin(low, months)} / ${breakEvenWithin(high, months)}`;
  if (within(low) && within(high)) {
    const change = Math.abs(high - low);
    return change === 0 ? `${both}: no change` : `${both}: a change of ${monthsText(change)}`;
  }
  if (within(low) || within(high)) {
    const inside = within(low) ? low : (high as number);
    return `${both}: a change of more than ${monthsText(months - inside)}`;
  }
  return `${both}: no change within ${months} months`;
}

/** Null when monthly revenue or expenses are not given (nothing to project); investment defaults to 0. */
export function project(
  numbers: { initialInvestment: number | null; monthlyRevenue: number | null; monthlyExpenses: number | null },
  assumptions: ProjectionAssumptions = DEFAULT_ASSUMPTIONS,
): Projections | null {
  if (numbers.monthlyRevenue === null || numbers.monthlyExpenses === null) return null;
  const inputs: ProjectionInputs = {
    initialInvestment: numbers.initialInvestment ?? 0,
    monthlyRevenue: numbers.monthlyRevenue,
    monthlyExpenses: numbers.monthlyExpenses,
  };
  const scenarios = SCENARIOS.map((key) => {
    const s = assumptions[key];
    const curve = cashCurve(inputs, s, assumptions.rampMonths);
    return {
      key,
      label: SCENARIO_LABELS[key],
      assumptions: s,
      breakEven: describeBreakEven(breakEvenMonth(inputs, s, assumptions.rampMonths)),
      roi: ROI_MONTHS.map((month) => ({ month, percent: roiAt(curve, inputs.initialInvestment, month) })),
      curve,
    };
  });
  return {
    months: PROJECTION_MONTHS,
    inputs,
    rampMonths: assumptions.rampMonths,
    formulas: PROJECTION_FORMULAS,
    scenarios,
    sensitivity: sensitivity(inputs, assumptions),
  };
}
