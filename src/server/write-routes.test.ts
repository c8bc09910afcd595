import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { resources, users } from './db/schema/index.ts';
import { successStatuses, type RouteEntry } from './lib/http/route-table.ts';
import { createFakeEngine } from './test/fake-engine.ts';
import { createUser, type TestUser } from './test/factories.ts';
import { callAs, resourceFixtures } from './test/resource-fixtures.ts';
import { sampleInput } from './test/sample-input.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

// Every write route (POST, PUT, PATCH, DELETE), generated from the route table: each called once by a
// fresh owner (an admin on Enterprise) with its path filled from the route-table fixtures and a body
// the route validates (sampleInput, or a made one below), expecting the route's declared success
// status, a body its response schema accepts (RESPONSE_VALIDATION=strict in tests: a drift is a 500),
// and the database changed: the written rows, read back as text, differ from before. On PostgreSQL
// this is the write half of what read-routes.test.ts does for reads (docs/decisions/046-ci-time.md).
// WORK IN PROGRESS (branch ci42): PENDING lists the routes whose input is not made yet.

const t: TestApp = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
afterAll(() => t.close());
const FIXTURES = resourceFixtures(t);

const keyOf = (route: RouteEntry): string => `${route.method} ${route.url.replace(/(.)\/$/, '$1')}`;
const paramsOf = (url: string): string[] => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');

/** Routes whose input or state is not made yet (ADR 046, "Left": five groups). */
const PENDING = new Set<string>([
  'DELETE /api/admin/flags/:name/users/:userId',
  'DELETE /api/analytics/events',
  'DELETE /api/exports/branding/logo',
  'DELETE /api/projects/:id/analyses/:searchId',
  'DELETE /api/resources/:id/bookmark',
  'DELETE /api/searches/:id/watch',
  'PATCH /api/admin/security-alerts/:id',
  'PATCH /api/search-results/:id/save',
  'PATCH /api/searches/:id/favorite',
  'PATCH /api/teams/:id',
  'POST /api/action-plans',
  'POST /api/admin/contributions/:id/review',
  'POST /api/admin/flags/preview',
  'POST /api/admin/users/:id/:action',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/password/change',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'POST /api/auth/refresh',
  'POST /api/auth/register',
  'POST /api/auth/register/confirm',
  'POST /api/billing/checkout',
  'POST /api/billing/demo-checkout/:sessionId/complete',
  'POST /api/billing/portal',
  'POST /api/billing/subscription/cancel',
  'POST /api/billing/subscription/change',
  'POST /api/billing/subscription/resume',
  'POST /api/comments/:id/resolve',
  'POST /api/contributions',
  'POST /api/exports/bundles',
  'POST /api/help/articles/:slug/helpful',
  'POST /api/ideas/:id/unarchive',
  'POST /api/notifications/read-all',
  'POST /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe/one-click',
  'POST /api/plan-phases/reorder',
  'POST /api/plan-tasks/reorder',
  'POST /api/team-invitations/accept',
  'POST /api/team-invitations/decline',
  'POST /api/team-invitations/preview',
  'POST /api/trial/activate',
  'POST /api/v1/searches',
  'PUT /api/admin/flags/:name',
  'PUT /api/admin/flags/:name/users/:userId',
  'PUT /api/comments/:id/reactions',
  'PUT /api/exports/branding',
  'PUT /api/exports/branding/logo',
]);

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

/** Each table's rows as text, hashed: what a write changed, read back through the driver. */
async function fingerprint(): Promise<Map<string, string>> {
  const tables = await t.db.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out = new Map<string, string>();
  for (const { name } of tables.rows) {
    const result = await t.db.db.execute<{ h: string }>(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`),
    );
    out.set(name, result.rows[0]?.h ?? '');
  }
  return out;
}

async function catalogueId(): Promise<number> {
  const [row] = await t.db.db.select({ id: resources.id }).from(resources).orderBy(resources.id).limit(1);
  return row?.id ?? 1;
}

/** The route's request as `owner` makes it: path from the fixtures, body sampled with its resource fields. */
async function requestFor(
  route: RouteEntry,
  owner: TestUser,
): Promise<{ url: string; payload?: Record<string, unknown> }> {
  let url = route.url;
  const access = route.access;
  for (const param of paramsOf(route.url)) {
    const resource = typeof access === 'object' ? access.params[param] : undefined;
    let value: string | number;
    if (resource === 'catalogue') value = await catalogueId();
    else if (resource) value = await FIXTURES[resource](owner);
    else if (access === 'admin' && (param === 'id' || param === 'userId')) value = owner.user.id;
    else throw new Error(`nothing to fill :${param} with`);
    url = url.replace(`:${param}`, encodeURIComponent(String(value)));
  }
  const body = route.schema?.body;
  const payload = body instanceof z.ZodType ? (sampleInput(body) as Record<string, unknown>) : undefined;
  if (typeof access === 'object' && payload) {
    for (const [field, resource] of Object.entries(access.body ?? {})) payload[field] = await FIXTURES[resource](owner);
  }
  return { url, payload };
}

describe('the write routes', () => {
  it('are many, and the pending ones exist', () => {
    expect(writeRoutes().length).toBeGreaterThan(100);
    const keys = new Set(writeRoutes().map(keyOf));
    expect([...PENDING].filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(
    writeRoutes()
      .filter((route) => !PENDING.has(keyOf(route)))
      .map((route) => [keyOf(route), route] as const),
  )('%s', async (key, route) => {
    const owner = await createUser(t, { name: 'Write Routes', role: 'admin' });
    await t.db.db.update(users).set(ENTERPRISE).where(eq(users.id, owner.user.id));
    const { url, payload } = await requestFor(route, owner);
    const before = await fingerprint();
    const res = await callAs(t, owner, { method: route.method, url, payload });
    const expected = Number(successStatuses(route)[0] ?? 200);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 500)}`).toBe(expected);
    const schema = (route.schema?.response as Record<string, unknown>)[String(expected)];
    if (!(schema instanceof z.ZodType)) throw new Error(`${key}: no response schema for ${expected}`);
    if (String(res.headers['content-type']).startsWith('application/json')) schema.parse(res.json());
    const after = await fingerprint();
    const changed = [...after].filter(([table, hash]) => before.get(table) !== hash).map(([table]) => table);
    expect(changed, `${key} changed no table`).not.toEqual([]);
  });
});
