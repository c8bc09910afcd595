import { z } from 'zod';

// Who an idea sells to (issue 29): the customer its target market resolves to through the engine's
// reading of a market (an industry, counted by its establishments; the people of one occupation; or
// consumers, whom the data do not count), the worker who does the job the idea takes on, and the
// other customers the founder may choose instead. Stored inside the validation; shared by server and client.

export const CUSTOMER_KINDS = ['industry', 'occupation', 'consumers'] as const;

/** One customer the founder can pick: an industry (NAICS code), an occupation (SOC code) or consumers. */
export const customerOptionSchema = z.object({
  kind: z.enum(CUSTOMER_KINDS),
  /** NAICS code (industry) or SOC code (occupation); null for consumers. */
  code: z.string().nullable(),
  title: z.string(),
});
export type CustomerOption = z.infer<typeof customerOptionSchema>;

export const ideaCustomerSchema = customerOptionSchema.extend({
  /** Establishments (industry) or people employed (occupation); null for consumers. */
  count: z.number().int().nullable(),
  /** The evidence that names and counts the customer. */
  evidenceIds: z.array(z.string()),
  /** Who does the work the idea takes on (an occupation the evidence names), when known. */
  worker: z.object({ title: z.string(), evidenceId: z.string() }).nullable(),
  /** 'targetMarket' / 'title': read by the engine from that field; 'you': chosen by the founder. */
  chosenBy: z.enum(['targetMarket', 'title', 'you']),
  /** One sentence on how the customer was read, for the page. */
  reason: z.string(),
});
export type IdeaCustomer = z.infer<typeof ideaCustomerSchema>;

/** The founder's choice: one of the listed options, or back to reading it from the target market. */
export const customerChoiceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('automatic') }),
    // The code must be one the idea's analyses list: the server checks it against them.
    z.strictObject({ kind: z.literal('industry'), code: z.string().trim().min(2, 'Choose an industry').max(12) }),
    z.strictObject({ kind: z.literal('occupation'), code: z.string().trim().min(2, 'Choose an occupation').max(12) }),
    z.strictObject({ kind: z.literal('consumers') }),
  ],
  { message: 'Choose a customer: industry, occupation, consumers or automatic' },
);
export type CustomerChoice = z.infer<typeof customerChoiceSchema>;

export const customerChangeSchema = z.strictObject({ customer: customerChoiceSchema });

/** How the customer's count reads: "135,333 establishments", "214,100 people employed", or null. */
export function customerCountLabel(customer: Pick<IdeaCustomer, 'kind' | 'count'>): string | null {
  if (customer.count === null) return null;
  const n = customer.count.toLocaleString('en-US');
  return customer.kind === 'industry' ? `${n} establishments in the U.S.` : `${n} people employed in the U.S.`;
}

/** The option a customer is (the key the choice list uses). */
export function optionKey(o: Pick<CustomerOption, 'kind' | 'code'>): string {
  return o.code === null ? o.kind : `${o.kind}:${o.code}`;
}
