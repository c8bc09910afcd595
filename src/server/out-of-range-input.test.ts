import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeEngine } from './test/fake-engine.ts';
import { createUser, type TestUser } from './test/factories.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

// Issue 32: ids past PostgreSQL's integer column and year-0 dates reached the database as 500s.
// Each answers 400 in the envelope, or (free text) a correct, empty result.

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
  admin = await createUser(t, { role: 'admin' });
  user = await createUser(t, { subscriptionTier: 'pro' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });

describe('ids and dates out of the database range', () => {
  it('market research from a search id past the integer column is a 400 on sourceSearchId', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/market-research',
      headers: user.headers,
      payload: { market: 'dental scheduling', sourceSearchId: 2147483648 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      fieldErrors: { sourceSearchId: expect.any(String) },
    });
  });

  it('the admin user search treats a huge number as text: an empty page', async () => {
    const res = await get('/api/admin/users?q=2147483648');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { items: [] } });
  });

  it('the audit log filtered by a huge user number is an empty page, in the list and the CSV', async () => {
    const list = await get('/api/admin/audit-logs?user=2147483648');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ success: true, data: { items: [] } });
    const csv = await get('/api/admin/audit-logs/export.csv?user=2147483648');
    expect(csv.statusCode).toBe(200);
  });

  it('year-0 and impossible dates are a 400 on the field, in the list and the CSV', async () => {
    for (const url of [
      '/api/admin/audit-logs?from=0000-01-01',
      '/api/admin/audit-logs?to=0000-12-31',
      '/api/admin/audit-logs?from=2026-02-31',
      '/api/admin/audit-logs/export.csv?from=0000-01-01',
    ]) {
      const res = await get(url);
      expect(`${url} ${String(res.statusCode)}`).toBe(`${url} 400`);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
