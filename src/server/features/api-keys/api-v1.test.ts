import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { API_KEY_REQUESTS_PER_MINUTE, type ApiKeyScope } from '#shared/api-keys/api-keys.schemas.ts';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import { apiKeys, searches, users } from '../../db/schema/index.ts';
import { atNextWindowStart } from '../../test/clock-window.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The Enterprise REST API: key lifecycle, scopes, plan, IDOR, idempotency under concurrency, rate
// limits, the OpenAPI document against the route table, keys kept out of logs, and a curl-like
// session over real HTTP.

const engine = createFakeEngine();
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    overrides: { searchEngine: engine },
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(() => t.close());

const enterprise = () => createUser(t, { subscriptionTier: 'enterprise', subscriptionStatus: 'active' });

async function newKey(
  owner: TestUser,
  scopes: ApiKeyScope[] = ['read', 'search', 'export'],
  expiresInDays: number | null = 90,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: owner.headers,
    payload: { name: 'CI key', scopes, expiresInDays },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { key: string; apiKey: { id: number; prefix: string } } }>().data;
}

const withKey = (key: string) => ({ authorization: `Bearer ${key}` });
const v1 = (
  key: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...withKey(key), ...headers },
    ...(payload ? { payload } : {}),
  });

describe('API keys', () => {
  it('are Enterprise only, shown once, stored as a hash, listed by prefix, and dead once revoked', async () => {
    const free = await createUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: free.headers,
      payload: { name: 'x', scopes: ['read'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_REQUIRED' });

    const owner = await enterprise();
    const { key, apiKey } = await newKey(owner);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const [row] = await t.db.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: owner.headers });
    expect(list.body).not.toContain(key);
    expect(list.json()).toMatchObject({ data: { items: [{ id: apiKey.id, active: true }] } });

    expect((await v1(key, 'GET', '/searches')).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${String(apiKey.id)}`, headers: owner.headers });
    const revoked = await v1(key, 'GET', '/searches');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('stop working when they expire, and at once when the owner leaves Enterprise', async () => {
    const owner = await enterprise();
    const { key } = await newKey(owner, ['read'], 30);
    t.clock.advance(31 * 86_400_000);
    try {
      expect((await v1(key, 'GET', '/searches')).statusCode).toBe(401);
    } finally {
      t.clock.set(null);
    }
    const other = await enterprise();
    const { key: second } = await newKey(other, ['read']);
    expect((await v1(second, 'GET', '/searches')).statusCode).toBe(200);
    await t.db.db
      .update(users)
      .set({ subscriptionTier: 'free', subscriptionStatus: 'inactive' })
      .where(eq(users.id, other.user.id));
    const downgraded = await v1(second, 'GET', '/searches');
    expect(downgraded.statusCode).toBe(403);
    expect(downgraded.json()).toMatchObject({ code: 'PLAN_REQUIRED' });
  });

  it('refuse garbage, other schemes and a session token', async () => {
    const owner = await enterprise();
    for (const authorization of ['Bearer ub_live_nope', 'Basic abc', owner.headers.authorization, '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/searches', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });
});

describe('scopes', () => {
  it.each([
    [['read'], 'GET', '/searches', 200],
    [['read'], 'POST', '/searches', 403],
    [['search'], 'POST', '/searches', 200],
    [['search'], 'GET', '/searches', 403],
    [['export'], 'GET', '/searches', 403],
  ] as const)('a %j key on %s %s → %i', async (scopes, method, url, status) => {
    const owner = await enterprise();
    const { key } = await newKey(owner, [...scopes]);
    const res = await v1(key, method, url, method === 'POST' ? { query: 'dental billing' } : undefined);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ code?: string }>().code).toBe(status === 403 ? 'FORBIDDEN' : undefined);
  });
});

describe('the API in use', () => {
  it('searches, lists with a cursor, reads an analysis and an opportunity, and refuses another account’s ids', async () => {
    const owner = await enterprise();
    const { key } = await newKey(owner);
    const ids: number[] = [];
    for (const query of ['dental billing', 'farm robotics', 'payroll for clinics']) {
      const res = await v1(key, 'POST', '/searches', { query });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json<{ data: { search: { id: number } } }>().data.search.id);
    }
    const first = (await v1(key, 'GET', '/searches?limit=2')).json<{
      data: { items: { id: number }[]; nextCursor: string };
    }>().data;
    expect(first.items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const second = (await v1(key, 'GET', `/searches?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)).json<{
      data: { items: { id: number }[]; nextCursor: string | null };
    }>().data;
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });

    const detail = await v1(key, 'GET', `/searches/${String(ids[0])}`);
    expect(detail.statusCode).toBe(200);
    const opportunityId = detail.json<{ data: { results: { id: number }[] } }>().data.results[0]!.id;
    expect((await v1(key, 'GET', `/opportunities/${String(opportunityId)}`)).statusCode).toBe(200);

    const intruder = await enterprise();
    const { key: intruderKey } = await newKey(intruder);
    for (const url of [`/searches/${String(ids[0])}`, `/opportunities/${String(opportunityId)}`]) {
      const res = await v1(intruderKey, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('runs one search for concurrent requests with one Idempotency-Key, and refuses the key for another request', async () => {
    const owner = await enterprise();
    const { key } = await newKey(owner);
    const before = engine.calls;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        v1(key, 'POST', '/searches', { query: 'vet clinics' }, { 'idempotency-key': 'order-42' }),
      ),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const searchIds = new Set(responses.map((r) => r.json<{ data: { search: { id: number } } }>().data.search.id));
    expect(searchIds.size).toBe(1);
    expect(engine.calls - before).toBe(1);
    const [stored] = await t.db.db.select({ n: count() }).from(searches).where(eq(searches.userId, owner.user.id));
    expect(Number(stored?.n)).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);

    const reused = await v1(key, 'POST', '/searches', { query: 'something else' }, { 'idempotency-key': 'order-42' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it(`limits each key to ${String(API_KEY_REQUESTS_PER_MINUTE)} requests a minute with RateLimit headers, then 429 with Retry-After`, async () => {
    const owner = await enterprise();
    const { key } = await newKey(owner, ['read']);
    const { key: otherKey } = await newKey(owner, ['read']);
    const restoreClock = atNextWindowStart(t.clock, MINUTE_MS);
    onTestFinished(restoreClock);
    let last = await v1(key, 'GET', '/searches');
    expect(last.headers['ratelimit-limit']).toBe(String(API_KEY_REQUESTS_PER_MINUTE));
    expect(last.headers['ratelimit-remaining']).toBe(String(API_KEY_REQUESTS_PER_MINUTE - 1));
    for (let i = 1; i < API_KEY_REQUESTS_PER_MINUTE; i++) last = await v1(key, 'GET', '/searches');
    expect(last.statusCode).toBe(200);
    const limited = await v1(key, 'GET', '/searches');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect((await v1(otherKey, 'GET', '/searches')).statusCode).toBe(200);
  });

  it('never writes a key to the log, even at trace level', async () => {
    const owner = await enterprise();
    const { key } = await newKey(owner);
    await v1(key, 'GET', '/searches');
    await v1(`${key}x`, 'GET', '/searches');
    expect(lines.join('\n')).not.toContain(key.slice(8));
  });
});

describe('the OpenAPI document', () => {
  it('describes exactly the v1 routes of the route table, generated from their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/v1/'))
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
      .sort();
    expect(documented).toEqual(routes);
    expect(JSON.stringify(document.paths['/api/v1/searches'])).toContain('query');
  });
});

describe('a curl-like session over real HTTP', () => {
  it('creates a key, runs a search and fetches the analysis', async () => {
    const owner = await enterprise();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const created = (await (
      await fetch(`${base}/api/api-keys`, {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ name: 'curl', scopes: ['read', 'search'] }),
      })
    ).json()) as { data: { key: string } };
    const search = await fetch(`${base}/api/v1/searches`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${created.data.key}`,
        'content-type': 'application/json',
        'idempotency-key': 'curl-1',
      },
      body: JSON.stringify({ query: 'dental front desk automation' }),
    });
    expect(search.status).toBe(200);
    expect(search.headers.get('ratelimit-limit')).toBe(String(API_KEY_REQUESTS_PER_MINUTE));
    const { data } = (await search.json()) as { data: { search: { id: number } } };
    const analysis = await fetch(`${base}/api/v1/searches/${String(data.search.id)}`, {
      headers: { authorization: `Bearer ${created.data.key}` },
    });
    expect(analysis.status).toBe(200);
    const body = (await analysis.json()) as { success: boolean; data: { query: string; results: unknown[] } };
    expect(body).toMatchObject({ success: true, data: { query: 'dental front desk automation' } });
    expect(body.data.results.length).toBeGreaterThan(0);
  });
});
