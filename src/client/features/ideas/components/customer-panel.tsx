import { useState } from 'react';
import {
  customerCountLabel,
  optionKey,
  type CustomerChoice,
  type CustomerOption,
  type IdeaCustomer,
} from '#shared/ideas/idea-customer.ts';
import { Button } from '#client/components/ui/button.tsx';

// Who the idea sells to (issue 29): the customer the engine read from the target market (or the one
// the founder chose), counted, with the worker who does the job; the founder can choose another
// customer the analyses name, consumers, or go back to reading it from the target market.

const AUTOMATIC = 'automatic';
const KIND_LABELS: Record<CustomerOption['kind'], string> = {
  industry: 'industry',
  occupation: 'occupation',
  consumers: 'people buying for themselves',
};

function choiceOf(key: string, options: readonly CustomerOption[]): CustomerChoice | null {
  if (key === AUTOMATIC) return { kind: 'automatic' };
  const option = options.find((o) => optionKey(o) === key);
  if (!option) return null;
  if (option.kind === 'consumers' || option.code === null) return { kind: 'consumers' };
  return { kind: option.kind, code: option.code };
}

export function CustomerPanel(props: {
  customer: IdeaCustomer;
  options: readonly CustomerOption[];
  /** The owner can change it; a teammate reads it. */
  canChange: boolean;
  isSaving: boolean;
  onChoose: (choice: CustomerChoice) => void;
}) {
  const { customer, options } = props;
  const current = customer.chosenBy === 'you' ? optionKey(customer) : AUTOMATIC;
  const [selected, setSelected] = useState(current);
  const count = customerCountLabel(customer);
  const choice = choiceOf(selected, options);
  return (
    <section aria-labelledby="customer-heading" className="grid gap-3 rounded-md border p-4">
      <h2 id="customer-heading" className="text-xl font-semibold">
        Customer
      </h2>
      <p className="text-lg font-medium break-words" data-testid="idea-customer">
        {customer.title}
        {count ? <span className="font-normal text-muted-foreground"> · {count}</span> : null}
      </p>
      <p className="text-sm break-words">{customer.reason}</p>
      {customer.worker && customer.kind !== 'consumers' ? (
        <p className="text-sm break-words">
          <span className="font-medium">Who does the job:</span> {customer.worker.title}
        </p>
      ) : null}
      {customer.kind === 'consumers' ? (
        <p className="text-sm text-muted-foreground">
          The data count businesses and workers, not households: enter your reachable customers in the market size
          below.
        </p>
      ) : null}
      {props.canChange ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
            <label htmlFor="customer-choice" className="font-medium">
              Change the customer
            </label>
            <select
              id="customer-choice"
              className="min-h-11 w-full min-w-0 rounded-md border bg-background px-3"
              value={selected}
              onChange={(e) => setSelected(e.target.value)}
            >
              <option value={AUTOMATIC}>Read it from my target market</option>
              {options.map((o) => (
                <option key={optionKey(o)} value={optionKey(o)}>
                  {o.title} ({KIND_LABELS[o.kind]})
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="outline"
            disabled={props.isSaving || selected === current || !choice}
            onClick={() => choice && props.onChoose(choice)}
          >
            {props.isSaving ? 'Validating…' : 'Use this customer'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
