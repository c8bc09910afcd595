import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 32: a word that names a property of Object.prototype ("constructor", "toString" …) was
// looked up in the engine's word tables and found the prototype's function: a 500 for
// "app for constructor workers". Through the REAL engine on the seed corpus.

const WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('words that name prototype properties', () => {
  it('a search for each of them is analysed like any other word', async () => {
    const user = await createUser(t, { subscriptionTier: 'pro' });
    for (const word of WORDS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: user.headers,
        payload: { query: `app for ${word} workers` },
      });
      expect(`${word}: ${String(res.statusCode)}`).toBe(`${word}: 200`);
      const id = res.json<{ data: { search: { id: number } } }>().data.search.id;
      const detail = await t.app.inject({ method: 'GET', url: `/api/searches/${id}`, headers: user.headers });
      expect(detail.statusCode).toBe(200);
      expect(detail.body).not.toMatch(/function \w*\(|native code/);
    }
  });

  it('market research and idea validation with those words answer 2xx', async () => {
    const user = await createUser(t, { subscriptionTier: 'pro' });
    const research = await t.app.inject({
      method: 'POST',
      url: '/api/market-research',
      headers: user.headers,
      payload: { market: 'constructor and valueOf tools for toString hasOwnProperty teams' },
    });
    expect(research.statusCode, research.body).toBeLessThan(300);
    const idea = await t.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: user.headers,
      payload: {
        title: 'Scheduling for constructor crews',
        description: 'A toString of jobs for valueOf crews and hasOwnProperty owners, by constructor firms.',
        targetMarket: 'constructor firms',
        businessModel: 'Monthly subscription',
        category: 'other',
        initialInvestment: 10_000,
        monthlyRevenue: 2_000,
        monthlyExpenses: 1_000,
      },
    });
    expect(idea.statusCode, idea.body).toBe(201);
    const id = idea.json<{ data: { id: number } }>().data.id;
    const validated = await t.app.inject({ method: 'POST', url: `/api/ideas/${id}/validate`, headers: user.headers });
    expect(validated.statusCode, validated.body).toBe(200);
  });
});
