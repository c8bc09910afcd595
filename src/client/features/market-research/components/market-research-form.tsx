import { MAX_QUERY_LENGTH } from '#shared/searches/filters.schemas.ts';
import { marketResearchRequestSchema } from '#shared/market-research/market-research.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';

// The request's own market rule; the analysis id comes from the page, not from a field.
const marketFormSchema = marketResearchRequestSchema.pick({ market: true });

/** Names the market; says before running that a report uses one search of the quota. */
export function MarketResearchForm({
  initialMarket,
  quotaNote,
  isRunning,
  onRun,
}: {
  initialMarket: string;
  quotaNote: string;
  isRunning: boolean;
  onRun: (market: string) => void;
}) {
  const form = useZodForm(marketFormSchema, { defaultValues: { market: initialMarket } });
  return (
    <Form
      form={form}
      onValid={({ market }) => onRun(market)}
      className="grid gap-2 print:hidden"
      aria-label="Run a market research report"
    >
      <Field name="market" label="Market" description={<span className="text-sm">{quotaNote}</span>}>
        <div className="flex flex-wrap gap-2">
          <Input
            className="min-w-0 flex-1"
            placeholder="e.g. dental practices"
            maxLength={MAX_QUERY_LENGTH}
            {...form.register('market')}
          />
          <Button type="submit" disabled={isRunning}>
            {isRunning ? 'Researching…' : 'Run the report'}
          </Button>
        </div>
      </Field>
    </Form>
  );
}
