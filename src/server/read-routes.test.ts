import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_KEY_SCOPES } from '#shared/api-keys/api-keys.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { resources, users } from './db/schema/index.ts';
import type { ResourceName } from './lib/access/resources.ts';
import { successStatuses, type RouteEntry } from './lib/http/route-table.ts';
import { createFakeEngine } from './test/fake-engine.ts';
import { createUser, type TestUser } from './test/factories.ts';
import { callAs, resourceFixtures } from './test/resource-fixtures.ts';
import { sampleInput } from './test/sample-input.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

// Every read route, generated from the route table: one app, one user (an admin on Enterprise) who
// owns one resource of each kind (a stored analysis among them), and every GET route called once with
// those ids. Each must answer its declared success status (200: the user may read all of it), and its body
// must match the route's response schema, which the app also enforces (RESPONSE_VALIDATION=strict in
// tests: a drift is a 500). Run on PostgreSQL this checks what the driver returns for every read —
// node-postgres reads bigint and numeric as strings where PGlite gives numbers — so the PostgreSQL pass
// need not repeat suites that only read (docs/decisions/046-ci-time.md). A GET route added tomorrow is
// called the day it is added, or this test fails naming what it cannot fill in.

// Built before the tests are collected: the table decides which tests exist.
const t: TestApp = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
afterAll(() => t.close());

/** Path parameters that name no owned resource: admin routes' users (the admin's own row) and flags. */
const ADMIN_PARAMS: Record<string, (user: TestUser) => string> = {
  id: (user) => String(user.user.id),
  userId: (user) => String(user.user.id),
  name: () => 'read-routes-flag',
};

/** Path parameters that are neither ids nor declared: a help article's slug (the first article listed). */
const SLUGS: Record<string, () => Promise<string>> = {
  'GET /api/help/articles/:slug': async () => {
    const res = await callAs(t, user, { method: 'GET', url: '/api/help/articles' });
    return res.json<{ data: { items: { slug: string }[] } }>().data.items[0]?.slug ?? 'none';
  },
};

/** Query strings the sampler cannot make: ids the user owns. */
const QUERIES: Record<string, () => Promise<string>> = {
  'GET /api/analytics/compare': async () => `ids=${await owned('search')},${await resourceFixtures(t).search(user)}`,
  'GET /api/resources/recommendations': async () => `searchId=${await owned('search')}`,
};

const paramsOf = (url: string): string[] => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
const keyOf = (route: RouteEntry): string => `${route.method} ${route.url.replace(/(.)\/$/, '$1')}`;

function readRoutes(): RouteEntry[] {
  const seen = new Set<string>();
  return t.app.routeTable.filter((route) => {
    if (route.method !== 'GET' || seen.has(keyOf(route))) return false;
    seen.add(keyOf(route));
    return true;
  });
}

let user: TestUser;
let apiKeyHeaders: { authorization: string };
const urls = new Map<string, string>();
const unfilled = new Map<string, string>();
const made = new Map<ResourceName, Promise<string | number>>();

/** The user's resource of one kind, made the first time it is asked for. */
function owned(resource: ResourceName): Promise<string | number> {
  let id = made.get(resource);
  if (!id) {
    id = resourceFixtures(t)[resource](user);
    made.set(resource, id);
  }
  return id;
}

/** The route's path with its parameters (and any query it requires) filled in. */
async function fillIn(route: RouteEntry): Promise<string> {
  let url = route.url;
  const access = route.access;
  for (const param of paramsOf(route.url)) {
    const resource = typeof access === 'object' ? access.params[param] : undefined;
    let value: string | number;
    const slug = param === 'slug' ? SLUGS[keyOf(route)] : undefined;
    if (slug) value = await slug();
    else if (access === 'admin' && ADMIN_PARAMS[param]) value = ADMIN_PARAMS[param](user);
    else if (access === 'public' && param === 'token') value = await shareToken();
    else if (access === 'api-key' && param === 'id') value = await owned('search');
    else if (resource === 'catalogue') value = await catalogueId();
    else if (resource) value = await owned(resource);
    else throw new Error(`nothing to fill :${param} with (declare its access, or teach this suite)`);
    url = url.replace(`:${param}`, encodeURIComponent(String(value)));
  }
  const query = route.schema?.querystring;
  const queryOf = QUERIES[keyOf(route)];
  if (queryOf) url += `?${await queryOf()}`;
  else if (query instanceof z.ZodType) {
    const sample = sampleInput(query) as Record<string, unknown>;
    // Query values are scalars (or lists, sent comma-separated, as the schemas read them).
    const text = (v: unknown): string => (Array.isArray(v) ? v.join(',') : String(v));
    const pairs = Object.entries(sample).flatMap(([k, v]): [string, string][] =>
      v === undefined ? [] : [[k, text(v)]],
    );
    if (pairs.length > 0) url += `?${new URLSearchParams(pairs).toString()}`;
  }
  return url;
}

async function catalogueId(): Promise<number> {
  const [row] = await t.db.db.select({ id: resources.id }).from(resources).orderBy(resources.id).limit(1);
  return row?.id ?? 1;
}

async function shareToken(): Promise<string> {
  const res = await callAs(t, user, {
    method: 'POST',
    url: `/api/searches/${await owned('search')}/share-links`,
    payload: { expiresIn: '7d' },
  });
  return res.json<{ data: { token: string } }>().data.token;
}

async function createApiKey(): Promise<{ authorization: string }> {
  const res = await callAs(t, user, {
    method: 'POST',
    url: '/api/api-keys',
    payload: { name: 'Read routes', scopes: [...API_KEY_SCOPES] },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { authorization: `Bearer ${res.json<{ data: { key: string } }>().data.key}` };
}

const ENTERPRISE = {
  subscriptionTier: 'enterprise' as const,
  subscriptionStatus: 'active',
  subscriptionPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
};

beforeAll(async () => {
  // Free at first: a checkout can only be started by someone without a subscription; then Enterprise,
  // so no quota stops the fixtures (a team's fixture makes the user Pro, a key's Enterprise again).
  user = await createUser(t, { name: 'Read Routes', role: 'admin' });
  await owned('checkoutSession');
  await t.db.db.update(users).set(ENTERPRISE).where(eq(users.id, user.user.id));
  // One at a time: the fixtures change the user's plan.
  for (const route of readRoutes()) {
    try {
      urls.set(keyOf(route), await fillIn(route));
    } catch (error) {
      unfilled.set(keyOf(route), `${keyOf(route)}: ${String(error)}`);
    }
  }
  await t.db.db.update(users).set(ENTERPRISE).where(eq(users.id, user.user.id));
  apiKeyHeaders = await createApiKey();
});

describe('the read routes', () => {
  it('are many, and each could be filled in', () => {
    expect(readRoutes().length).toBeGreaterThan(80);
    expect([...unfilled.values()]).toEqual([]);
  });

  it.each(readRoutes().map((route) => [keyOf(route), route] as const))('%s', async (key, route) => {
    const url = urls.get(key);
    if (url === undefined) throw new Error(unfilled.get(key) ?? `${key}: not filled in`);
    const headers = route.access === 'api-key' ? apiKeyHeaders : user.headers;
    const res = await t.app.inject({ method: 'GET', url, headers });
    const expected = Number(successStatuses(route)[0] ?? 200);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 500)}`).toBe(expected);
    const schema = (route.schema?.response as Record<string, unknown>)[String(expected)];
    if (!(schema instanceof z.ZodType)) throw new Error(`${key}: no response schema for ${expected}`);
    // A JSON body is read against its schema; a file (PDF, CSV, a JSON bundle declared as a string) must not be empty.
    const isJson = String(res.headers['content-type']).startsWith('application/json');
    if (isJson && !(schema instanceof z.ZodString)) schema.parse(res.json());
    else expect(res.rawPayload.length, `${key}: an empty body`).toBeGreaterThan(0);
  });
});
