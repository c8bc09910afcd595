import { describe, expect, it } from 'vitest';
import BUYER_TAGS from './buyer-tags.json' with { type: 'json' };
import { buyerOfTags, MIN_AGREEING } from './directory-buyer.ts';

// The directory's tags name the buyer only when most of the closest companies agree on one.

const split = (companies: string[]): string[][] => companies.map((c) => c.split('|'));

describe('buyer named by the directory’s tags', () => {
  it.each(BUYER_TAGS.examples)('names $buyer for $companies', ({ companies, buyer }) => {
    expect(buyerOfTags(split(companies))?.soc).toBe(buyer);
  });

  it.each(BUYER_TAGS.counterExamples)('names no buyer for $companies ($why)', ({ companies }) => {
    expect(buyerOfTags(split(companies))).toBeNull();
  });

  it('counts a company once per buyer, and says which tags and how many agreed', () => {
    const buyer = buyerOfTags(split(['Developer Tools|DevOps', 'DevOps', 'Developer Tools', 'SaaS']));
    expect(buyer).toEqual({ soc: '15-1252.00', tags: ['Developer Tools', 'DevOps'], agreeing: 3, of: 4 });
  });

  it(`needs ${MIN_AGREEING} companies even when they are all there is, and no tie between two buyers`, () => {
    expect(buyerOfTags([])).toBeNull();
    expect(buyerOfTags(split(['LegalTech', 'LegalTech']))).toBeNull();
    expect(buyerOfTags(split(['LegalTech', 'LegalTech', 'LegalTech', 'Payroll', 'Payroll', 'Payroll']))).toBeNull();
  });

  it('maps each tag once, and never a tag it calls ambiguous', () => {
    const tags = BUYER_TAGS.tags.map((t) => t.tag);
    expect(new Set(tags).size).toBe(tags.length);
    for (const t of BUYER_TAGS.tags) expect(t.buyer, t.tag).toMatch(/^\d{2}-\d{4}\.\d{2}$/);
    for (const n of BUYER_TAGS.notMapped) expect(tags).not.toContain(n.tag);
  });
});
