import { useState } from 'react';
import type { IdeaDto, IdeaUpdate } from '#shared/ideas/ideas.schemas.ts';
import {
  describeSensitivity,
  project,
  projectionAssumptionsSchema,
  SCENARIOS,
  SCENARIO_LABELS,
  type ProjectionAssumptions,
  type ScenarioAssumptions,
} from '#shared/ideas/projections.ts';
import { ideaFieldsSchema } from '#shared/ideas/ideas.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { formatMoney, formatPercent } from '../idea-format.ts';
import { CashChart } from './cash-chart.tsx';

// Projections recomputed on every keystroke with the same pure functions the server stores;
// "Save numbers" writes the numbers and assumptions to the idea.

const inputClass = 'min-h-11 w-full rounded-md border bg-background px-3';
type NumberField = 'initialInvestment' | 'monthlyRevenue' | 'monthlyExpenses';
const NUMBER_LABELS: Record<NumberField, string> = {
  initialInvestment: 'Initial investment ($)',
  monthlyRevenue: 'Monthly revenue ($)',
  monthlyExpenses: 'Monthly expenses ($)',
};
const ASSUMPTION_FIELDS: { key: keyof ScenarioAssumptions; label: string; percent: boolean }[] = [
  { key: 'revenueMultiplier', label: 'Revenue reached (% of stated)', percent: true },
  { key: 'monthlyGrowthPercent', label: 'Monthly growth (%)', percent: false },
  { key: 'expenseMultiplier', label: 'Expenses (% of stated)', percent: true },
];

const toText = (v: number | null) => (v === null ? '' : String(v));
const toNumber = (s: string): number | null => (s.trim() === '' || Number.isNaN(Number(s)) ? null : Number(s));

export function ProjectionsPanel(props: {
  idea: IdeaDto;
  isSaving: boolean;
  onSave: (input: IdeaUpdate) => void;
  /** A teammate's read-only view: the owner's figures, no save button, no prompts to type. */
  readOnly?: boolean;
}) {
  const { idea, readOnly = false } = props;
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    initialInvestment: toText(idea.initialInvestment),
    monthlyRevenue: toText(idea.monthlyRevenue),
    monthlyExpenses: toText(idea.monthlyExpenses),
  });
  const [assumptions, setAssumptions] = useState<ProjectionAssumptions>(idea.assumptions);
  const numberCheck = ideaFieldsSchema
    .pick({ initialInvestment: true, monthlyRevenue: true, monthlyExpenses: true })
    .safeParse({
      initialInvestment: toNumber(numbers.initialInvestment),
      monthlyRevenue: toNumber(numbers.monthlyRevenue),
      monthlyExpenses: toNumber(numbers.monthlyExpenses),
    });
  const assumptionCheck = projectionAssumptionsSchema.safeParse(assumptions);
  const errors = new Map<string, string>();
  for (const issue of [...(numberCheck.error?.issues ?? []), ...(assumptionCheck.error?.issues ?? [])])
    if (!errors.has(issue.path.join('.'))) errors.set(issue.path.join('.'), issue.message);
  const projections =
    numberCheck.success && assumptionCheck.success
      ? project(
          {
            initialInvestment: numberCheck.data.initialInvestment ?? null,
            monthlyRevenue: numberCheck.data.monthlyRevenue ?? null,
            monthlyExpenses: numberCheck.data.monthlyExpenses ?? null,
          },
          assumptionCheck.data,
        )
      : null;
  const setScenario = (
    scenario: (typeof SCENARIOS)[number],
    key: keyof ScenarioAssumptions,
    raw: string,
    percent: boolean,
  ) => {
    const n = Number(raw);
    setAssumptions((a) => ({
      ...a,
      [scenario]: { ...a[scenario], [key]: raw === '' || Number.isNaN(n) ? Number.NaN : percent ? n / 100 : n },
    }));
  };

  const heading = (
    <h2 id="projections-heading" className="text-xl font-semibold">
      Financial projections
    </h2>
  );
  if (readOnly && idea.initialInvestment === null && idea.monthlyRevenue === null && idea.monthlyExpenses === null)
    return (
      <section aria-labelledby="projections-heading" className="grid gap-4">
        {heading}
        <p className="text-sm text-muted-foreground">No projections entered yet.</p>
      </section>
    );

  return (
    <section aria-labelledby="projections-heading" className="grid gap-4">
      {heading}
      <div className="grid gap-3 sm:grid-cols-3">
        {(Object.keys(NUMBER_LABELS) as NumberField[]).map((name) => (
          <label key={name} className="flex flex-col gap-1 text-sm font-medium">
            {NUMBER_LABELS[name]}
            <input
              type="number"
              inputMode="decimal"
              min={0}
              className={inputClass}
              value={numbers[name]}
              aria-invalid={errors.has(name)}
              aria-describedby={`proj-${name}-error`}
              onChange={(e) => setNumbers((n) => ({ ...n, [name]: e.target.value }))}
            />
            <span id={`proj-${name}-error`} className="text-sm text-destructive">
              {errors.get(name)}
            </span>
          </label>
        ))}
      </div>

      {projections ? (
        <>
          <div aria-live="polite">
            <h3 className="font-semibold">Break-even</h3>
            <ul className="grid gap-1 text-sm sm:grid-cols-3">
              {projections.scenarios.map((s) => (
                <li key={s.key} data-testid={`break-even-${s.key}`}>
                  <span className="font-medium">{s.label}:</span> {s.breakEven.label}
                </li>
              ))}
            </ul>
          </div>
          <CashChart projections={projections} />
          <div className="overflow-x-auto">
            <table className="text-sm">
              <caption className="text-left font-semibold">Return on the initial investment</caption>
              <thead>
                <tr>
                  <th scope="col" className="pr-4 text-left">
                    Scenario
                  </th>
                  {[12, 24, 36].map((m) => (
                    <th key={m} scope="col" className="pr-4 text-right">
                      {m} months
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {projections.scenarios.map((s) => (
                  <tr key={s.key}>
                    <th scope="row" className="pr-4 text-left font-normal">
                      {s.label}
                    </th>
                    {s.roi.map((r) => (
                      <td key={r.month} className="pr-4 text-right">
                        {r.percent === null ? 'no investment' : formatPercent(r.percent)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <h3 className="font-semibold">What moves break-even most</h3>
            <ol className="mt-1 grid gap-1 text-sm">
              {projections.sensitivity.map((r) => (
                <li key={r.input}>
                  <span className="font-medium">{r.label}</span> ({r.change}): {describeSensitivity(r)}
                </li>
              ))}
            </ol>
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          {readOnly
            ? 'Projections need both monthly revenue and monthly expenses; not entered yet.'
            : numberCheck.success && assumptionCheck.success
              ? 'Add monthly revenue and monthly expenses to see projections.'
              : 'Correct the highlighted numbers to see projections.'}
        </p>
      )}

      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline">
          {readOnly ? 'Assumptions and formulas' : 'Assumptions and formulas (editable)'}
        </summary>
        <div className="mt-2 grid gap-3">
          <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
            Months to reach the stated revenue
            <input
              type="number"
              min={0}
              max={24}
              className={inputClass}
              value={Number.isNaN(assumptions.rampMonths) ? '' : assumptions.rampMonths}
              onChange={(e) =>
                setAssumptions((a) => ({
                  ...a,
                  rampMonths: e.target.value === '' ? Number.NaN : Number(e.target.value),
                }))
              }
            />
            <span className="text-sm text-destructive">{errors.get('rampMonths')}</span>
          </label>
          <div className="overflow-x-auto">
            <table className="text-sm">
              <caption className="sr-only">Scenario assumptions</caption>
              <thead>
                <tr>
                  <th scope="col" className="pr-2 text-left">
                    Assumption
                  </th>
                  {SCENARIOS.map((s) => (
                    <th key={s} scope="col" className="pr-2 text-left">
                      {SCENARIO_LABELS[s]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ASSUMPTION_FIELDS.map((f) => (
                  <tr key={f.key}>
                    <th scope="row" className="pr-2 text-left font-normal">
                      {f.label}
                    </th>
                    {SCENARIOS.map((s) => {
                      const v = assumptions[s][f.key];
                      return (
                        <td key={s} className="pr-2">
                          <input
                            type="number"
                            aria-label={`${SCENARIO_LABELS[s]}: ${f.label}`}
                            className={`${inputClass} w-24`}
                            value={Number.isNaN(v) ? '' : Math.round((f.percent ? v * 100 : v) * 100) / 100}
                            aria-invalid={errors.has(`${s}.${f.key}`)}
                            onChange={(e) => setScenario(s, f.key, e.target.value, f.percent)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="list-disc pl-5 text-xs text-muted-foreground">
            {(projections?.formulas ?? []).map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      </details>
      {readOnly ? null : (
        <div>
          <Button
            variant="outline"
            disabled={props.isSaving || !numberCheck.success || !assumptionCheck.success}
            onClick={() =>
              numberCheck.success &&
              assumptionCheck.success &&
              props.onSave({
                initialInvestment: numberCheck.data.initialInvestment ?? null,
                monthlyRevenue: numberCheck.data.monthlyRevenue ?? null,
                monthlyExpenses: numberCheck.data.monthlyExpenses ?? null,
                assumptions: assumptionCheck.data,
              })
            }
          >
            {props.isSaving ? 'Saving…' : 'Save numbers'}
          </Button>
          {idea.financialProjections && (
            <p className="mt-1 text-xs text-muted-foreground">
              Saved: base break-even {idea.financialProjections.scenarios[1]?.breakEven.label}, revenue{' '}
              {formatMoney(idea.financialProjections.inputs.monthlyRevenue)} a month.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
