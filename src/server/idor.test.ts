import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources, users } from './db/schema/index.ts';
import type { RouteAccess } from './lib/access/route-access.ts';
import type { RouteEntry } from './lib/http/route-table.ts';
import { createFakeEngine } from './test/fake-engine.ts';
import { createUser, type TestUser } from './test/factories.ts';
import { callAs, resourceFixtures, type CallOptions } from './test/resource-fixtures.ts';
import { sampleInput } from './test/sample-input.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

// The IDOR sweep, generated from the route table: every route with a path parameter names the
// resource behind it (config.access); for each, user A owns the resources and user B asks with A's
// ids (→ 404, the envelope, nothing changed), then A asks (→ not 404: the route and ids were valid).
// A route added tomorrow is attacked the day it is added, or this test fails asking for its declaration.

// Built before the tests are collected: the table decides which tests exist.
const t: TestApp = await createTestApp({
  env: { ENABLE_TEST_HOOKS: 'true' },
  overrides: { searchEngine: createFakeEngine() },
});
afterAll(() => t.close());

function call(user: TestUser, options: CallOptions) {
  return callAs(t, user, options);
}

const FIXTURES = resourceFixtures(t);

const paramsOf = (url: string): string[] => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');

function idRoutes(): RouteEntry[] {
  const seen = new Set<string>();
  return t.app.routeTable.filter((route) => {
    const key = `${route.method} ${route.url.replace(/\/$/, '')}`;
    if (paramsOf(route.url).length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Routes naming at least one owned resource (a catalogue id alone has no owner to attack). */
function resourceRoutes(): { route: RouteEntry; access: Exclude<RouteAccess, 'admin' | 'public' | 'api-key'> }[] {
  return idRoutes().flatMap((route) =>
    route.access &&
    route.access !== 'admin' &&
    route.access !== 'public' &&
    route.access !== 'api-key' &&
    (Object.values(route.access.params).some((r) => r !== 'catalogue') ||
      Object.keys(route.access.body ?? {}).length > 0)
      ? [{ route, access: route.access }]
      : [],
  );
}

/** A shared catalogue row every user may read: the first resource of the seeded library. */
async function catalogueId(): Promise<number> {
  const [row] = await t.db.db.select({ id: resources.id }).from(resources).orderBy(resources.id).limit(1);
  return row?.id ?? 1;
}

describe('the route table', () => {
  it('declares, for every route with a path parameter, the resource each parameter names', () => {
    const undeclared = idRoutes().filter((route) => {
      // Public routes take a bearer capability (a share token) as their parameter: sharing.test.ts attacks them.
      if (route.access === 'admin' || route.access === 'public' || route.access === 'api-key') return false;
      const declared = route.access?.params ?? {};
      return paramsOf(route.url).some((param) => !(param in declared));
    });
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(resourceRoutes().length).toBeGreaterThanOrEqual(12);
  });
});

describe('every id route refuses another user’s ids', () => {
  it.each(resourceRoutes().map(({ route, access }) => [`${route.method} ${route.url}`, route, access] as const))(
    '%s',
    async (_name, route, access) => {
      const owner = await createUser(t);
      const intruder = await createUser(t);
      let url = route.url;
      for (const [param, resource] of Object.entries(access.params)) {
        const id = resource === 'catalogue' ? await catalogueId() : await FIXTURES[resource](owner);
        url = url.replace(`:${param}`, encodeURIComponent(String(id)));
      }
      const bodySchema = route.schema?.body;
      const payload =
        bodySchema instanceof z.ZodType ? (sampleInput(bodySchema) as Record<string, unknown>) : undefined;
      for (const [field, resource] of Object.entries(access.body ?? {})) {
        if (payload) payload[field] = await FIXTURES[resource](owner);
      }

      const refused = await call(intruder, { method: route.method, url, payload });
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });

      let allowed = await call(owner, { method: route.method, url, payload });
      if (allowed.statusCode === 403 && allowed.json<{ code: string }>().code === 'PLAN_REQUIRED') {
        // A paid feature: the owner on the plan it needs must get through.
        await t.db.db
          .update(users)
          .set({ subscriptionTier: 'pro', subscriptionStatus: 'active' })
          .where(eq(users.id, owner.user.id));
        allowed = await call(owner, { method: route.method, url, payload });
      }
      expect(allowed.statusCode, allowed.body).toBeLessThan(400);

      // A body field naming someone else's resource is refused even on the owner's own path.
      for (const [field, resource] of Object.entries(access.body ?? {})) {
        const foreign = { ...payload, [field]: await FIXTURES[resource](intruder) };
        const mixed = await call(owner, { method: route.method, url, payload: foreign });
        expect(mixed.statusCode, `${field}: ${mixed.body}`).toBe(404);
      }
    },
  );

  it('keeps admin routes from signed-in users who are not admins', async () => {
    const user = await createUser(t);
    const adminRoutes = idRoutes().filter((route) => route.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:name/g, 'some-flag').replace(/:userId/g, String(user.user.id));
      const bodySchema = route.schema?.body;
      const payload = bodySchema instanceof z.ZodType ? sampleInput(bodySchema) : undefined;
      const res = await call(user, { method: route.method, url, payload });
      expect([403, 404], `${route.method} ${route.url}: ${res.body}`).toContain(res.statusCode);
    }
  });
});
