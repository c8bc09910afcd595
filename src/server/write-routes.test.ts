import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { resources, users } from './db/schema/index.ts';
import { successStatuses, type RouteEntry } from './lib/http/route-table.ts';
import { createFakeEngine } from './test/fake-engine.ts';
import { createUser, type TestUser } from './test/factories.ts';
import { resourceFixtures } from './test/resource-fixtures.ts';
import { sampleInput } from './test/sample-input.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { FREE_OWNER, madeInputs } from './test/write-route-inputs.ts';

// Every write route (POST, PUT, PATCH, DELETE), generated from the route table: each called once by a
// fresh owner (an admin on Enterprise) with its path filled from the route-table fixtures and a body
// the route validates (sampleInput, or made in test/write-route-inputs.ts), expecting the route's
// declared success status, a body its response schema accepts (RESPONSE_VALIDATION=strict in tests: a
// drift is a 500), and the rows read back changed. On PostgreSQL this is the write half of what
// read-routes.test.ts does for reads (docs/decisions/046-ci-time.md). A write route added tomorrow is
// called the day it is added, or this test fails naming what it cannot fill in.

// Built before the tests are collected: the table decides which tests exist.
const t: TestApp = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
afterAll(() => t.close());
const FIXTURES = resourceFixtures(t);
const MADE = madeInputs(t);

/** Write routes that change nothing by design: a preview answers what a change would do. */
const NO_WRITE = new Set(['POST /api/admin/flags/preview', 'POST /api/team-invitations/preview']);

/** Write routes this suite cannot call as a user would, each with the suite that does. */
const ELSEWHERE: Record<string, string> = {
  // The demo provider has no portal (400 by design); the Stripe one opens it against a fake Stripe API.
  'POST /api/billing/portal': 'src/server/features/billing/stripe-api.test.ts',
};

const keyOf = (route: RouteEntry): string => `${route.method} ${route.url.replace(/(.)\/$/, '$1')}`;
const paramsOf = (url: string): string[] => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');

function writeRoutes(): RouteEntry[] {
  const seen = new Set<string>();
  return t.app.routeTable.filter((route) => {
    if (route.method === 'GET' || seen.has(keyOf(route))) return false;
    seen.add(keyOf(route));
    return true;
  });
}

const ENTERPRISE = {
  subscriptionTier: 'enterprise' as const,
  subscriptionStatus: 'active',
  subscriptionPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
};

/** Tables the app's own scheduler writes whenever it ticks, whatever the request. */
const BACKGROUND = new Set(['jobs', 'job_schedules']);

/** Each table's rows read back as text and hashed: which tables a write changed. */
async function fingerprint(): Promise<Map<string, string>> {
  // Both drivers answer execute() with { rows } (node-postgres' QueryResult, PGlite's Results).
  const rowsOf = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result = await t.db.db.execute<T>(query);
    return (result as { rows?: T[] }).rows ?? [];
  };
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out = new Map<string, string>();
  for (const { name } of tables.filter((row) => !BACKGROUND.has(row.name))) {
    const [row] = await rowsOf<{ h: string }>(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`),
    );
    out.set(name, row?.h ?? '');
  }
  return out;
}

async function catalogueId(): Promise<number> {
  const [row] = await t.db.db.select({ id: resources.id }).from(resources).orderBy(resources.id).limit(1);
  return row?.id ?? 1;
}

/** The route's request as `owner` makes it: the path from the fixtures, the body sampled with its resource fields. */
async function requestFor(
  route: RouteEntry,
  owner: TestUser,
): Promise<{ url: string; payload?: Record<string, unknown> }> {
  const made = Boolean(MADE[keyOf(route)]);
  let url = route.url;
  const access = route.access;
  for (const param of paramsOf(route.url)) {
    const resource = typeof access === 'object' ? access.params[param] : undefined;
    let value: string | number;
    if (resource === 'catalogue') value = await catalogueId();
    else if (resource) value = await FIXTURES[resource](owner);
    else if (access === 'admin' && (param === 'id' || param === 'userId')) value = owner.user.id;
    else if (made) continue;
    else throw new Error(`nothing to fill :${param} with (declare its access, or make the input)`);
    url = url.replace(`:${param}`, encodeURIComponent(String(value)));
  }
  const body = route.schema?.body;
  let payload: Record<string, unknown> | undefined;
  try {
    payload = body instanceof z.ZodType ? (sampleInput(body) as Record<string, unknown>) : undefined;
  } catch (error) {
    if (!made) throw error;
  }
  if (typeof access === 'object' && payload) {
    for (const [field, resource] of Object.entries(access.body ?? {})) payload[field] = await FIXTURES[resource](owner);
  }
  return { url, payload };
}

describe('the write routes', () => {
  it('are many, and every made input and no-write route is one of them', () => {
    expect(writeRoutes().length).toBeGreaterThan(100);
    const keys = new Set(writeRoutes().map(keyOf));
    const named = [...Object.keys(MADE), ...NO_WRITE, ...FREE_OWNER, ...Object.keys(ELSEWHERE)];
    expect(named.filter((key) => !keys.has(key))).toEqual([]);
    for (const [key, suite] of Object.entries(ELSEWHERE)) expect(fs.existsSync(suite), `${key}: ${suite}`).toBe(true);
  });

  it.each(writeRoutes().flatMap((route) => (ELSEWHERE[keyOf(route)] ? [] : [[keyOf(route), route] as const])))(
    '%s',
    async (key, route) => {
      const owner = await createUser(t, { name: 'Write Routes', role: 'admin' });
      if (!FREE_OWNER.has(key)) await t.db.db.update(users).set(ENTERPRISE).where(eq(users.id, owner.user.id));
      const sampled = await requestFor(route, owner);
      const made = (await MADE[key]?.(owner, sampled)) ?? {};
      const url = made.url ?? sampled.url;
      const payload = 'payload' in made ? made.payload : sampled.payload;
      const before = await fingerprint();
      const res = await t.app.inject({
        method: route.method,
        url,
        headers: { ...(made.as ?? owner).headers, ...made.headers },
        ...(made.cookies ? { cookies: made.cookies } : {}),
        ...(payload === undefined ? {} : { payload: payload as string }),
      });
      expect(successStatuses(route), `${url}: ${res.statusCode} ${res.body.slice(0, 500)}`).toContain(
        String(res.statusCode),
      );
      const schema = (route.schema?.response as Record<string, unknown>)[String(res.statusCode)];
      if (!(schema instanceof z.ZodType)) throw new Error(`${key}: no response schema for ${res.statusCode}`);
      if (String(res.headers['content-type']).startsWith('application/json')) schema.parse(res.json());
      const after = await fingerprint();
      const changed = [...after].filter(([table, hash]) => before.get(table) !== hash).map(([table]) => table);
      // A preview writes nothing by design; that is not asserted (the app's scheduler may write meanwhile).
      expect(NO_WRITE.has(key) || changed.length > 0, `${key} changed no table`).toBe(true);
    },
  );
});
