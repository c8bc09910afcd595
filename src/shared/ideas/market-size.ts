import { z } from 'zod';

// Bottom-up market size: reachable customers × price × adoption. Each input is either cited from
// the evidence (BLS employment of the occupation that buys or does this work) or the user's own
// assumption; nothing is a top-down figure. Pure, shared by server and client.

export const MARKET_INPUTS = ['customers', 'pricePerMonth', 'serviceableSharePercent', 'adoptionPercent'] as const;
export type MarketInputKey = (typeof MARKET_INPUTS)[number];
export const MARKET_INPUT_LABELS: Record<MarketInputKey, string> = {
  customers: 'Reachable customers',
  pricePerMonth: 'Price per customer per month ($)',
  serviceableSharePercent: 'Share you can serve (%)',
  adoptionPercent: 'Share that adopts (%)',
};
const MAX: Record<MarketInputKey, number> = {
  customers: 10_000_000_000,
  pricePerMonth: 1_000_000,
  serviceableSharePercent: 100,
  adoptionPercent: 100,
};

function marketInput(key: MarketInputKey) {
  return z.strictObject({
    value: z
      .number({ message: `${MARKET_INPUT_LABELS[key]} must be a number` })
      .min(0, `${MARKET_INPUT_LABELS[key]} must be between 0 and ${MAX[key].toLocaleString('en-US')}`)
      .max(MAX[key], `${MARKET_INPUT_LABELS[key]} must be between 0 and ${MAX[key].toLocaleString('en-US')}`)
      .nullable(),
    /** 'evidence': the value is the cited figure; 'assumption': the user's own. */
    source: z.enum(['evidence', 'assumption']),
    evidenceId: z.string().max(200).nullable(),
    citation: z.string().max(500).nullable(),
  });
}

export const marketSizeInputsSchema = z.strictObject({
  customers: marketInput('customers'),
  pricePerMonth: marketInput('pricePerMonth'),
  serviceableSharePercent: marketInput('serviceableSharePercent'),
  adoptionPercent: marketInput('adoptionPercent'),
});
export type MarketSizeInputs = z.infer<typeof marketSizeInputsSchema>;
export type MarketInput = MarketSizeInputs[MarketInputKey];

export const marketSizeSchema = z.object({
  /** Annual revenue if every reachable customer paid: customers × price × 12. */
  tam: z.number().nullable(),
  /** The part you can serve: TAM × share you can serve. */
  sam: z.number().nullable(),
  /** What you can expect to win: SAM × adoption. */
  som: z.number().nullable(),
  formulas: z.array(z.string()),
  /** The inputs still to be entered before a figure can be given. */
  missing: z.array(z.enum(MARKET_INPUTS)),
});
export type MarketSize = z.infer<typeof marketSizeSchema>;

export const MARKET_FORMULAS = [
  'TAM = reachable customers × price per month × 12',
  'SAM = TAM × share you can serve',
  'SOM = SAM × share that adopts',
];

export function assumption(value: number | null): MarketInput {
  return { value, source: 'assumption', evidenceId: null, citation: null };
}

export function computeMarketSize(inputs: MarketSizeInputs): MarketSize {
  const missing = MARKET_INPUTS.filter((k) => inputs[k].value === null);
  const customers = inputs.customers.value;
  const price = inputs.pricePerMonth.value;
  const share = inputs.serviceableSharePercent.value;
  const adoption = inputs.adoptionPercent.value;
  const tam = customers !== null && price !== null ? Math.round(customers * price * 12) : null;
  const sam = tam !== null && share !== null ? Math.round((tam * share) / 100) : null;
  const som = sam !== null && adoption !== null ? Math.round((sam * adoption) / 100) : null;
  return { tam, sam, som, formulas: MARKET_FORMULAS, missing };
}
