import { z } from 'zod';
import { IDEA_CATEGORIES, ideaCreateSchema, type IdeaCreate, type IdeaPrefill } from '#shared/ideas/ideas.schemas.ts';
import { IDEA_CATEGORY_LABELS } from '#shared/ideas/idea-labels.ts';
import { Input, Select, Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '../idea-format.ts';

// The idea form on the form kit: every rule and message from the shared schema, checked as the user
// leaves each field and again on submit; the server checks the same schema.

type TextField = 'title' | 'description' | 'targetMarket' | 'businessModel';
type NumberField = 'initialInvestment' | 'monthlyRevenue' | 'monthlyExpenses';

const TEXT_FIELDS: { name: TextField; label: string; multiline?: boolean; hint: string }[] = [
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

/** An empty number field is left out; anything else is a number (not one: the schema says so). */
function amount(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

// What the fields hold (numbers as typed), turned into the request and checked by the server's schema.
const ideaFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    targetMarket: z.string(),
    businessModel: z.string(),
    category: z.string(),
    initialInvestment: z.string(),
    monthlyRevenue: z.string(),
    monthlyExpenses: z.string(),
    sourceSearchResultId: z.number().optional(),
  })
  .transform(({ initialInvestment, monthlyRevenue, monthlyExpenses, sourceSearchResultId, ...text }): IdeaCreate => ({
    ...text,
    category: text.category as IdeaCreate['category'],
    initialInvestment: amount(initialInvestment),
    monthlyRevenue: amount(monthlyRevenue),
    monthlyExpenses: amount(monthlyExpenses),
    ...(sourceSearchResultId !== undefined ? { sourceSearchResultId } : {}),
  }))
  .pipe(ideaCreateSchema);

export function IdeaForm(props: {
  prefill?: IdeaPrefill | undefined;
  isBusy: boolean;
  serverError: unknown;
  onSubmit: (input: IdeaCreate) => void;
}) {
  const { prefill } = props;
  const form = useZodForm(ideaFormSchema, {
    validateOn: 'blur',
    defaultValues: {
      title: prefill?.title ?? '',
      description: prefill?.description ?? '',
      targetMarket: prefill?.targetMarket ?? '',
      businessModel: prefill?.businessModel ?? '',
      category: prefill?.category ?? '',
      initialInvestment: '',
      monthlyRevenue: '',
      monthlyExpenses: '',
      ...(prefill?.sourceSearchResultId !== undefined ? { sourceSearchResultId: prefill.sourceSearchResultId } : {}),
    },
  });

  return (
    <Form form={form} aria-label="Idea to validate" className="grid gap-4 text-sm" onValid={props.onSubmit}>
      {prefill && (
        <p className="rounded-md border bg-muted/40 p-3 text-sm">
          Started from a search result: check each field and add your business model.
        </p>
      )}
      {TEXT_FIELDS.map((f) => (
        <Field key={f.name} name={f.name} label={f.label} description={f.hint}>
          {f.multiline ? (
            <Textarea rows={4} className="w-full" {...form.register(f.name)} />
          ) : (
            <Input className="w-full" {...form.register(f.name)} />
          )}
        </Field>
      ))}
      <Field name="category" label="Category" description="What kind of business it is">
        <Select
          className="w-full"
          placeholder="Choose a category"
          options={IDEA_CATEGORIES.map((c) => ({ value: c, label: IDEA_CATEGORY_LABELS[c] }))}
          {...form.register('category')}
        />
      </Field>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">Numbers (optional: they drive the projections)</legend>
        {NUMBER_FIELDS.map((f) => (
          <Field key={f.name} name={f.name} label={f.label} description={f.hint}>
            <Input type="number" inputMode="decimal" min={0} className="w-full" {...form.register(f.name)} />
          </Field>
        ))}
      </fieldset>
      {props.serverError !== null && props.serverError !== undefined && (
        <FormAlert>{errorMessage(props.serverError)}</FormAlert>
      )}
      <div>
        <Button type="submit" disabled={props.isBusy}>
          {props.isBusy ? 'Validating…' : 'Validate idea'}
        </Button>
      </div>
    </Form>
  );
}
