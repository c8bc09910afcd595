import type { Opportunity, ScoreFactor } from '#shared/engine/analysis.schemas.ts';
import { SCORE_LABELS, type IdeaScore } from '#shared/ideas/ideas.schemas.ts';
import type { MarketSizeInputs } from '#shared/ideas/market-size.ts';
import { clamp01, factor, round3, total } from './score-math.logic.ts';

// Credibility: would a founder believe these numbers? Evidence strength (the data recognise the
// market), revenue against what the reachable customers could spend, and runway, each explained.

export type IdeaNumbers = {
  initialInvestment: number | null;
  monthlyRevenue: number | null;
  monthlyExpenses: number | null;
};

/**
 * The annual revenue as a share of what the reachable customers could plausibly spend on this in a year
 * (customers × price per month × 12, the market size's TAM): 1 % or less → 1, 20 % or more → 0, log
 * scale between. A target that needs a fifth of every possible customer is not credible.
 */
function revenueShareValue(share: number): number {
  if (share <= 0.01) return 1;
  if (share >= 0.2) return 0;
  return 1 - Math.log10(share / 0.01) / Math.log10(20);
}

const usd = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
const monthsOf = (n: number) => `${Math.round(n * 10) / 10} ${n === 1 ? 'month' : 'months'}`;

type Candidate = Omit<ScoreFactor, 'contribution' | 'value'> & { value: number };

/**
 * Revenue against the reachable customers' plausible spend, only when a customer count and a price are
 * known (issue 29: "$144,000 a year is 0.00077 % of the wages of 214,100 dental hygienists" earned the
 * full factor). Unknown: the factor says so and gives no points.
 */
const canCompare = (market: MarketSizeInputs | null): boolean =>
  Boolean(market?.customers.value && market.pricePerMonth.value);

function revenueFactor(revenue: number, market: MarketSizeInputs | null): Candidate {
  const base = {
    key: 'revenueVsCustomers',
    label: 'Revenue against what the reachable customers could spend',
    weight: 0.3,
  };
  const customers = market?.customers.value ?? null;
  const price = market?.pricePerMonth.value ?? null;
  if (!canCompare(market) || customers === null || price === null) {
    const need = [
      ...(customers === null || customers === 0 ? ['how many customers you can reach'] : []),
      ...(price === null || price === 0 ? ['your price per customer per month'] : []),
    ];
    return {
      ...base,
      value: 0,
      evidenceIds: [],
      explanation: `Not known: enter ${need.join(' and ')} in the market size to compare ${usd(revenue * 12)} a year against what those customers could spend. No points until then.`,
    };
  }
  const spend = customers * price * 12;
  const share = (revenue * 12) / spend;
  const payers = Math.ceil(revenue / price);
  const cited =
    market?.customers.source === 'evidence' && market.customers.evidenceId ? [market.customers.evidenceId] : [];
  return {
    ...base,
    value: revenueShareValue(share),
    evidenceIds: cited,
    explanation: `${usd(revenue * 12)} a year needs ${payers.toLocaleString('en-US')} paying customers at ${usd(price)} a month: ${(share * 100).toPrecision(2)} % of the ${usd(spend)} that ${customers.toLocaleString('en-US')} reachable customers would spend in a year if every one paid. 1 % or less → full, 20 % or more → none.`,
  };
}

function runwayFactor(investment: number | null, expenses: number, revenue: number | null): Candidate {
  const base = { key: 'expensesVsInvestment', label: 'Runway: months the investment pays the expenses', weight: 0.3 };
  if (expenses === 0)
    return {
      ...base,
      value: 0,
      evidenceIds: [],
      explanation:
        'Monthly expenses of 0: no business runs without costs (even your own time), so runway cannot be judged. No points.',
    };
  const runway = (investment ?? 0) / expenses;
  const earning =
    revenue !== null && revenue > 0 ? ` Revenue is not counted: it takes months to arrive and may not.` : '';
  return {
    ...base,
    value: clamp01(runway / 12),
    evidenceIds: [],
    explanation: `${usd(investment ?? 0)} pays ${monthsOf(runway)} of ${usd(expenses)} monthly expenses. Founders usually need 12 months or more to find paying customers and raise again: 12 months → full, less in proportion.${earning}`,
  };
}

export function credibility(best: Opportunity, numbers: IdeaNumbers, market: MarketSizeInputs | null): IdeaScore {
  const candidates: Candidate[] = [
    {
      key: 'marketFit',
      label: 'Evidence strength: the data recognise the market you describe',
      value: clamp01(best.relevance),
      weight: 0.4,
      evidenceIds: ['match:query', 'match:cell'],
      explanation: `Relevance ${round3(best.relevance)} (0–1) of the best-matching opportunity to the idea: how closely the companies, occupations and tasks found match your words`,
    },
  ];
  const missing: string[] = [];
  const { monthlyRevenue: revenue, monthlyExpenses: expenses, initialInvestment: investment } = numbers;
  if (revenue === null) missing.push('monthly revenue');
  else candidates.push(revenueFactor(revenue, market));
  const revenueUnknown = revenue !== null && !canCompare(market);
  if (expenses === null) missing.push('monthly expenses');
  else candidates.push(runwayFactor(investment, expenses, revenue));
  const weightSum = candidates.reduce((s, f) => s + f.weight, 0);
  const factors = candidates.map((f) => factor({ ...f, weight: round3(f.weight / weightSum) }));
  const weakest = [...factors].sort((a, b) => a.value - b.value)[0];
  const change =
    missing.length > 0
      ? `Adding ${missing.join(' and ')} would let this score check more than the market's fit.`
      : weakest?.key === 'revenueVsCustomers'
        ? revenueUnknown
          ? 'Entering the reachable customers and your price in the market size would let it check the revenue target.'
          : 'A revenue target that needs a smaller share of the reachable customers would raise it.'
        : weakest?.key === 'expensesVsInvestment'
          ? 'An investment that covers at least 12 months of expenses would raise it.'
          : 'Describing the market in the words of its customers and their work would raise it.';
  return {
    key: 'credibility',
    label: SCORE_LABELS.credibility,
    score: total(factors),
    formula:
      '100 × Σ weight × factor over the numbers you entered (0.4 evidence strength, 0.3 revenue against the customers’ spend, 0.3 runway); a factor that cannot be judged scores 0',
    factors,
    whatWouldChange: change,
    missing: missing.length > 0 ? `Not given: ${missing.join(', ')}.` : null,
  };
}
