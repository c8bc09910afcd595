import { useState } from 'react';
import {
  assumption,
  computeMarketSize,
  MARKET_INPUTS,
  MARKET_INPUT_LABELS,
  marketSizeInputsSchema,
  type MarketInputKey,
  type MarketSizeInputs,
} from '#shared/ideas/market-size.ts';
import { Button } from '#client/components/ui/button.tsx';
import { formatMoney } from '../idea-format.ts';

// Bottom-up market size: each input cited from the evidence or marked as the user's assumption;
// TAM, SAM and SOM update as the user types, and "Save market size" stores the inputs with the idea.

const inputClass = 'min-h-11 w-full rounded-md border bg-background px-3';
const EMPTY: MarketSizeInputs = {
  customers: assumption(null),
  pricePerMonth: assumption(null),
  serviceableSharePercent: assumption(null),
  adoptionPercent: assumption(null),
};

export function MarketSizeCalculator(props: {
  inputs: MarketSizeInputs | null;
  isSaving: boolean;
  onSave: (inputs: MarketSizeInputs) => void;
  /** A teammate's read-only view: the owner's inputs, no save button, no prompts to type. */
  readOnly?: boolean;
}) {
  const readOnly = props.readOnly ?? false;
  const saved = props.inputs ?? EMPTY;
  const [inputs, setInputs] = useState<MarketSizeInputs>(saved);
  const [text, setText] = useState<Record<MarketInputKey, string>>(
    Object.fromEntries(MARKET_INPUTS.map((k) => [k, saved[k].value === null ? '' : String(saved[k].value)])) as Record<
      MarketInputKey,
      string
    >,
  );
  const check = marketSizeInputsSchema.safeParse(inputs);
  const errors = new Map((check.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
  const size = check.success ? computeMarketSize(check.data) : null;
  const edit = (key: MarketInputKey, raw: string) => {
    setText((t) => ({ ...t, [key]: raw }));
    const n = raw.trim() === '' ? null : Number(raw);
    // Typing over a cited figure makes it the user's own assumption.
    setInputs((i) => ({ ...i, [key]: assumption(n !== null && Number.isNaN(n) ? Number.NaN : n) }));
  };
  const figure = (label: string, value: number | null | undefined, formula: string) => (
    <div className="rounded-md border p-3">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="text-lg font-semibold" data-testid={`market-${label.toLowerCase()}`}>
        {value === null || value === undefined ? '—' : `${formatMoney(value)} a year`}
      </dd>
      <dd className="text-xs text-muted-foreground">{formula}</dd>
    </div>
  );

  const heading = (
    <h2 id="market-heading" className="text-xl font-semibold">
      Market size, bottom-up
    </h2>
  );
  if (readOnly && MARKET_INPUTS.every((k) => saved[k].value === null))
    return (
      <section aria-labelledby="market-heading" className="grid gap-4">
        {heading}
        <p className="text-sm text-muted-foreground">No market size entered yet.</p>
      </section>
    );

  return (
    <section aria-labelledby="market-heading" className="grid gap-4">
      {heading}
      <div className="grid gap-3 sm:grid-cols-2">
        {MARKET_INPUTS.map((key) => {
          const input = inputs[key];
          return (
            <div key={key} className="flex flex-col gap-1 text-sm">
              <label htmlFor={`market-${key}`} className="font-medium">
                {MARKET_INPUT_LABELS[key]}
              </label>
              <input
                id={`market-${key}`}
                type="number"
                inputMode="decimal"
                min={0}
                className={inputClass}
                value={text[key]}
                aria-invalid={errors.has(key)}
                aria-describedby={`market-${key}-source market-${key}-error`}
                onChange={(e) => edit(key, e.target.value)}
              />
              <span id={`market-${key}-source`} className="text-xs break-words text-muted-foreground">
                {input.source === 'evidence'
                  ? `Cited: ${input.citation ?? input.evidenceId ?? ''}`
                  : readOnly
                    ? 'Assumption'
                    : 'Your assumption'}
              </span>
              <span id={`market-${key}-error`} className="text-sm text-destructive">
                {errors.get(key)}
              </span>
            </div>
          );
        })}
      </div>
      <dl className="grid gap-3 sm:grid-cols-3" aria-live="polite">
        {figure('TAM', size?.tam, 'customers × price × 12')}
        {figure('SAM', size?.sam, 'TAM × share you can serve')}
        {figure('SOM', size?.som, 'SAM × share that adopts')}
      </dl>
      {size && size.missing.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {readOnly ? 'Not entered yet:' : 'To complete it, enter:'}{' '}
          {size.missing.map((k) => MARKET_INPUT_LABELS[k].toLowerCase()).join(', ')}.
        </p>
      )}
      {readOnly ? null : (
        <div>
          <Button
            variant="outline"
            disabled={props.isSaving || !check.success}
            onClick={() => check.success && props.onSave(check.data)}
          >
            {props.isSaving ? 'Saving…' : 'Save market size'}
          </Button>
        </div>
      )}
    </section>
  );
}
