import { describe, expect, it } from 'vitest';
import { loadEngineIndex } from '../engine.ts';
import { fixtureEnv } from '../test/engine-fixtures.ts';
import { adjacentIndustries, namedIn } from './adjacent-industries.ts';
import { customerIndustry } from './customer-industry.ts';
import { readCustomer } from './customer.ts';
import { parseQuery } from './parse-query.ts';

// The fixture datasets hold legal services (5411) and accounting (5412), both in subsector 541, with
// their staffing and establishments; offices of dentists (6212) and real estate (5311) are elsewhere.
// Neighbours whose staff are alike are found on the full datasets (engine.full-corpus.test.ts).

describe('adjacent industries', async () => {
  const index = await loadEngineIndex(fixtureEnv({ SEMANTIC_SEARCH: 'false' }));
  const industryOf = (text: string) => {
    const { customer } = readCustomer(index, parseQuery(text, []));
    return customerIndustry(index, [], customer)!;
  };

  it("offers no neighbour whose staff are unlike the customer's: law firms and accountants share only a few clerks", () => {
    const legal = industryOf('billing software for law firms');
    expect(legal.naics.startsWith('5411')).toBe(true);
    // Accounting (5412) is in the subsector, with establishments and staff of its own, but its staff are
    // accountants where the law firms' are lawyers and paralegals: below the likeness a neighbour needs.
    expect([...index.corpus.market!.establishments.keys()].some((code) => code.startsWith('5412'))).toBe(true);
    expect(adjacentIndustries(index, legal)).toEqual([]);
  });

  it('never offers the customer itself, nor an industry of another subsector', () => {
    const dentists = industryOf("scheduling for dentists' offices");
    expect(dentists.naics.startsWith('6212')).toBe(true);
    // Nothing else of subsector 621 is in the fixture: no neighbour, rather than a far one.
    expect(adjacentIndustries(index, dentists)).toEqual([]);
    const legal = industryOf('billing software for law firms');
    expect(adjacentIndustries(index, legal).some((a) => a.naics.startsWith('5411') || a.naics.startsWith('53'))).toBe(
      false,
    );
  });

  it('says a text names an industry only when it says every word of one of its names', () => {
    const names = [['accountant'], ['certified', 'public', 'accountant']];
    expect(namedIn(new Set(['tool', 'accountant']), names)).toEqual(['accountant']);
    // Only the word itself (stemmed: accountants' → accountant), not one sharing its first letters.
    expect(namedIn(new Set(['physical']), [['physician']])).toBeNull();
    expect(namedIn(new Set(['certified', 'public']), names)).toBeNull();
    expect(namedIn(new Set(['account']), [['certified', 'public', 'accountant']])).toBeNull();
  });
});
