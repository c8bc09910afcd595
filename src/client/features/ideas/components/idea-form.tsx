import { useState } from 'react';
import { IDEA_CATEGORIES, ideaCreateSchema, type IdeaCreate, type IdeaPrefill } from '#shared/ideas/ideas.schemas.ts';
import { IDEA_CATEGORY_LABELS } from '#shared/ideas/idea-labels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '../idea-format.ts';

// The idea form: every rule from the shared schema, checked as the user leaves each field and
// again on submit; the server checks the same schema.

type FieldName = 'title' | 'description' | 'targetMarket' | 'businessModel' | 'category' | NumberField;
type NumberField = 'initialInvestment' | 'monthlyRevenue' | 'monthlyExpenses';
type Values = Record<Exclude<FieldName, 'category'>, string> & { category: string };

const inputClass = 'min-h-11 w-full rounded-md border bg-background px-3 py-2';

const TEXT_FIELDS: {
  name: Exclude<FieldName, 'category' | NumberField>;
  label: string;
  multiline?: boolean;
  hint: string;
}[] = [
  { name: 'title', label: 'Title', hint: '5–200 characters' },
  { name: 'description', label: 'Description', multiline: true, hint: '20–2000 characters' },
  { name: 'targetMarket', label: 'Target market', hint: 'Who buys it, 5–500 characters' },
  { name: 'businessModel', label: 'Business model', hint: 'How it makes money, 5–500 characters' },
];
const NUMBER_FIELDS: { name: NumberField; label: string; hint: string }[] = [
  { name: 'initialInvestment', label: 'Initial investment ($)', hint: 'Optional, 0–10,000,000' },
  { name: 'monthlyRevenue', label: 'Monthly revenue ($)', hint: 'Optional, 0–1,000,000' },
  { name: 'monthlyExpenses', label: 'Monthly expenses ($)', hint: 'Optional, 0–1,000,000' },
];

function toInput(values: Values, sourceSearchResultId: number | undefined): Record<string, unknown> {
  const num = (v: string): number | string | undefined =>
    v.trim() === '' ? undefined : Number.isNaN(Number(v)) ? v : Number(v);
  return {
    title: values.title,
    description: values.description,
    targetMarket: values.targetMarket,
    businessModel: values.businessModel,
    category: values.category,
    initialInvestment: num(values.initialInvestment),
    monthlyRevenue: num(values.monthlyRevenue),
    monthlyExpenses: num(values.monthlyExpenses),
    ...(sourceSearchResultId !== undefined ? { sourceSearchResultId } : {}),
  };
}

function check(
  values: Values,
  sourceSearchResultId: number | undefined,
): { data?: IdeaCreate; errors: Record<string, string> } {
  const parsed = ideaCreateSchema.safeParse(toInput(values, sourceSearchResultId));
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (!Object.hasOwn(errors, key)) errors[key] = key === 'category' ? 'Choose a category' : issue.message;
  }
  return { errors };
}

export function IdeaForm(props: {
  prefill?: IdeaPrefill | undefined;
  isBusy: boolean;
  serverError: unknown;
  onSubmit: (input: IdeaCreate) => void;
}) {
  const { prefill } = props;
  const [values, setValues] = useState<Values>({
    title: prefill?.title ?? '',
    description: prefill?.description ?? '',
    targetMarket: prefill?.targetMarket ?? '',
    businessModel: prefill?.businessModel ?? '',
    category: prefill?.category ?? '',
    initialInvestment: '',
    monthlyRevenue: '',
    monthlyExpenses: '',
  });
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const { errors } = check(values, prefill?.sourceSearchResultId);
  const shown = (name: FieldName): string | undefined => (submitted || touched[name] ? errors[name] : undefined);
  const set = (name: FieldName, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const blur = (name: FieldName) => setTouched((t) => ({ ...t, [name]: true }));
  const fieldProps = (name: FieldName) => ({
    id: `idea-${name}`,
    name,
    value: values[name],
    onBlur: () => blur(name),
    'aria-invalid': Boolean(shown(name)),
    'aria-describedby': `idea-${name}-hint idea-${name}-error`,
  });
  const hintAndError = (name: FieldName, hint: string) => (
    <>
      <span id={`idea-${name}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </span>
      <span id={`idea-${name}-error`} className="text-sm text-destructive" aria-live="polite">
        {shown(name)}
      </span>
    </>
  );

  return (
    <form
      aria-label="Idea to validate"
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        const result = check(values, prefill?.sourceSearchResultId);
        if (result.data) props.onSubmit(result.data);
        else document.getElementById(`idea-${Object.keys(result.errors)[0] ?? 'title'}`)?.focus();
      }}
    >
      {prefill && (
        <p className="rounded-md border bg-muted/40 p-3 text-sm">
          Started from a search result: check each field and add your business model.
        </p>
      )}
      {TEXT_FIELDS.map((f) => (
        <div key={f.name} className="flex flex-col gap-1 text-sm">
          <label htmlFor={`idea-${f.name}`} className="font-medium">
            {f.label}
          </label>
          {f.multiline ? (
            <textarea
              {...fieldProps(f.name)}
              rows={4}
              className={inputClass}
              onChange={(e) => set(f.name, e.target.value)}
            />
          ) : (
            <input {...fieldProps(f.name)} className={inputClass} onChange={(e) => set(f.name, e.target.value)} />
          )}
          {hintAndError(f.name, f.hint)}
        </div>
      ))}
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="idea-category" className="font-medium">
          Category
        </label>
        <select {...fieldProps('category')} className={inputClass} onChange={(e) => set('category', e.target.value)}>
          <option value="">Choose a category</option>
          {IDEA_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {IDEA_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
        {hintAndError('category', 'What kind of business it is')}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">Numbers (optional: they drive the projections)</legend>
        {NUMBER_FIELDS.map((f) => (
          <div key={f.name} className="flex flex-col gap-1 text-sm">
            <label htmlFor={`idea-${f.name}`} className="font-medium">
              {f.label}
            </label>
            <input
              {...fieldProps(f.name)}
              type="number"
              inputMode="decimal"
              min={0}
              className={inputClass}
              onChange={(e) => set(f.name, e.target.value)}
            />
            {hintAndError(f.name, f.hint)}
          </div>
        ))}
      </fieldset>
      {props.serverError !== null && props.serverError !== undefined && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(props.serverError)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={props.isBusy}>
          {props.isBusy ? 'Validating…' : 'Validate idea'}
        </Button>
      </div>
    </form>
  );
}
