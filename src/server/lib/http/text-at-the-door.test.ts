import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '#shared/api/text.ts';
import { users } from '../../db/schema/index.ts';
import { originOf, registerViaApi, STRONG_PASSWORD } from '../../test/auth-helpers.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createUser } from '../../test/factories.ts';
import { postSearch } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Text at the door: NUL and unpaired surrogates are refused with the field named (they reached
// PostgreSQL and were 500s, and a search with one ran the engine for free); everything else is NFC.

const engine = createFakeEngine();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: engine } });
});
afterAll(() => t.close());

const NUL = 'dental\u0000software';
const LONE = 'dental \ud800 software';

function expectFieldError(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'VALIDATION_FAILED',
    fieldErrors: { [field]: UNSAFE_TEXT_MESSAGE },
  });
}

describe('NUL and unpaired surrogates', () => {
  it('a registration name with a NUL or a lone surrogate is a 400 naming the field', async () => {
    for (const name of [NUL, LONE]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin: originOf(t) },
        payload: { email: 'door@example.test', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, name },
      });
      expectFieldError(res, 'name');
    }
    expect(await t.db.db.select().from(users).where(eq(users.email, 'door@example.test'))).toEqual([]);
  });

  it('a search with one is refused before the engine runs, and spends nothing', async () => {
    const user = await createUser(t);
    const before = engine.calls;
    for (const query of [NUL, LONE]) expectFieldError(await postSearch(t, user, query), 'query');
    const keywords = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: user.headers,
      payload: { query: 'dental software', filters: { keywords: ['ok', NUL] } },
    });
    expectFieldError(keywords, 'filters.keywords.1');
    expect(engine.calls).toBe(before);
    const usage = await t.app.inject({ method: 'GET', url: '/api/user/usage', headers: user.headers });
    expect(usage.json()).toMatchObject({ data: { searchesUsed: 0 } });
  });

  it('in a query string, a path parameter and an object key', async () => {
    const user = await createUser(t);
    expectFieldError(await t.app.inject({ method: 'GET', url: '/api/searches?q=%00', headers: user.headers }), 'q');
    expectFieldError(
      await t.app.inject({ method: 'PATCH', url: '/api/projects/1%00', headers: user.headers, payload: {} }),
      'id',
    );
    const key = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"firstName":"Ada","bad\\u0000key":"x"}',
    });
    expectFieldError(key, '[key]');
  });
});

describe('normalisation', () => {
  it('stores a name typed with a combining accent as its composed (NFC) form', async () => {
    const decomposed = 'Jose\u0301 Nu\u0303nez';
    const account = await registerViaApi(t, { name: decomposed });
    const [row] = await t.db.db.select().from(users).where(eq(users.id, account.userId));
    expect(row?.name).toBe(decomposed.normalize('NFC'));
    expect(row?.name).not.toBe(decomposed);
  });
});

describe('ids, dates and URLs at their bounds', () => {
  it('an id beyond the integer column and a year-0 date are 400s, not 500s', async () => {
    const user = await createUser(t);
    const big = await t.app.inject({
      method: 'PATCH',
      url: '/api/projects/2147483648',
      headers: user.headers,
      payload: { name: 'x' },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { id: expect.any(String) } });
    const year0 = await t.app.inject({ method: 'GET', url: '/api/searches?from=0000-01-01', headers: user.headers });
    expect(year0.statusCode).toBe(400);
    expect(year0.json()).toMatchObject({ fieldErrors: { from: expect.stringContaining('year') } });
  });

  it('malformed percent-encoding and an over-long path parameter answer in the envelope without echoing the URL', async () => {
    const user = await createUser(t);
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/projects/%E0%A4%A<b>',
      headers: user.headers,
      payload: {},
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(malformed.body).not.toContain('<b>');
    const long = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${'9'.repeat(500)}x<i>`,
      headers: user.headers,
      payload: {},
    });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expect(long.json()).toMatchObject({ success: false });
    expect(long.body).not.toContain('<i>');
    expect(long.body).not.toContain('9'.repeat(50));
  });
});
