import { describe, expect, it } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { assumption, type MarketSizeInputs } from '#shared/ideas/market-size.ts';
import { fakeAnalysis } from '../../test/fake-engine.ts';
import { scoreIdea } from './idea-scores.logic.ts';

// Issue 29: "$144,000 a year is 0.00077 % of the wages of 214,100 dental hygienists" earned the full
// revenue factor, so a company with 5.4 months of runway scored 80 on credibility. Revenue is now
// compared with what the reachable customers could spend, only when their count and a price are known.

const SOC = '29-2021';
function analysis() {
  const a = fakeAnalysis('AI phone receptionist for independent dental practices', defaultFilters(), 1);
  const o = a.opportunities[0]!;
  o.relevance = 0.9;
  o.evidence.push(
    { id: `onet:${SOC}.00:role`, source: 'onet', ref: `${SOC}.00`, value: 'customer', note: 'Dental hygienists' },
    { id: `bls:${SOC}:employment`, source: 'bls', ref: SOC, value: 214.1, note: 'Dental hygienists: employment 2023' },
    { id: `bls:${SOC}:wage`, source: 'bls', ref: SOC, value: 87530, note: 'Dental hygienists: median wage' },
  );
  return a;
}
// $12,000 a month of revenue, $18,500 of expenses and $100,000 invested: 5.4 months of runway.
const numbers = { initialInvestment: 100_000, monthlyRevenue: 12_000, monthlyExpenses: 18_500 };
const market = (customers: number | null, price: number | null): MarketSizeInputs => ({
  customers:
    customers === null
      ? assumption(null)
      : { value: customers, source: 'evidence', evidenceId: `bls:${SOC}:employment`, citation: 'BLS' },
  pricePerMonth: assumption(price),
  serviceableSharePercent: assumption(null),
  adoptionPercent: assumption(null),
});
const credibilityOf = (m: MarketSizeInputs | null) =>
  scoreIdea({ analysis: analysis(), numbers, market: m, validatedAt: new Date('2026-11-27T00:00:00Z') }).scores.find(
    (s) => s.key === 'credibility',
  )!;

describe('credibility (issue 29)', () => {
  it('gives no points for revenue it cannot compare, and says what would let it', () => {
    for (const m of [null, market(214_100, null), market(null, 300)]) {
      const c = credibilityOf(m);
      const revenue = c.factors.find((f) => f.key === 'revenueVsCustomers')!;
      expect(revenue.value).toBe(0);
      expect(revenue.contribution).toBe(0);
      expect(revenue.explanation).toMatch(/^Not known: enter .*(customers|price)/);
      expect(revenue.explanation).not.toMatch(/wages/);
      expect(c.score).toBeLessThan(80);
      expect(c.whatWouldChange).toMatch(/reachable customers and your price/);
    }
  });

  it('compares revenue with the customers’ possible spend when count and price are known', () => {
    const fine = credibilityOf(market(5_000, 300)).factors.find((f) => f.key === 'revenueVsCustomers')!;
    // $144,000 a year of 5,000 × $300 × 12 = $18M: 0.8 %, 40 paying customers.
    expect(fine.value).toBe(1);
    expect(fine.explanation).toContain('needs 40 paying customers at $300 a month');
    expect(fine.evidenceIds).toEqual([`bls:${SOC}:employment`]);
    const stretch = credibilityOf(market(200, 300)).factors.find((f) => f.key === 'revenueVsCustomers')!;
    // 40 of 200 possible customers: 20 %, not credible.
    expect(stretch.value).toBe(0);
  });

  it('explains runway in months against a year', () => {
    const runway = credibilityOf(null).factors.find((f) => f.key === 'expensesVsInvestment')!;
    expect(runway.value).toBeCloseTo(5.4 / 12, 2);
    expect(runway.explanation).toMatch(/\$100,000 pays 5\.4 months of \$18,500 monthly expenses/);
    expect(runway.explanation).toMatch(/12 months/);
  });
});
