import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { notifications, resources, teamMembers, users } from './db/schema/index.ts';
import type { RouteAccess } from './lib/access/route-access.ts';
import type { ResourceName } from './lib/access/resources.ts';
import type { RouteEntry } from './lib/http/route-table.ts';
import { createFakeEngine } from './test/fake-engine.ts';
import { createUser, type TestUser } from './test/factories.ts';
import { pngLogo } from './test/images.ts';
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

function call(user: TestUser, options: { method: string; url: string; payload?: unknown }) {
  return t.app.inject({
    method: options.method,
    url: options.url,
    headers: user.headers,
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
}

async function expectOk(res: { statusCode: number; body: string }, what: string): Promise<void> {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
}

const IDEA_FIXTURE = {
  title: 'Dental clinic scheduling',
  description: 'Scheduling and reminders for small dental clinics.',
  targetMarket: 'Small dental clinics',
  businessModel: 'Monthly subscription',
  category: 'healthcare',
};

/** Creates one resource of each kind for `owner` and returns its id as the path uses it. */
const FIXTURES: Record<ResourceName, (owner: TestUser) => Promise<string | number>> = {
  search: async (owner) => {
    const res = await call(owner, { method: 'POST', url: '/api/search', payload: { query: 'dental clinics' } });
    await expectOk(res, 'create a search');
    return res.json<{ data: { search: { id: number } } }>().data.search.id;
  },
  searchResult: async (owner) => {
    const searchId = await FIXTURES.search(owner);
    const res = await call(owner, { method: 'GET', url: `/api/searches/${searchId}` });
    return res.json<{ data: { results: { id: number }[] } }>().data.results[0]?.id ?? 0;
  },
  project: async (owner) => {
    const res = await call(owner, { method: 'POST', url: '/api/projects', payload: { name: 'Owner project' } });
    await expectOk(res, 'create a project');
    return res.json<{ data: { id: number } }>().data.id;
  },
  idea: async (owner) => {
    const res = await call(owner, { method: 'POST', url: '/api/ideas', payload: IDEA_FIXTURE });
    await expectOk(res, 'create an idea');
    return res.json<{ data: { id: number } }>().data.id;
  },
  ideaHypothesis: async (owner) => {
    const id = await FIXTURES.idea(owner);
    const res = await call(owner, { method: 'POST', url: `/api/ideas/${id}/validate` });
    await expectOk(res, 'validate an idea');
    return res.json<{ data: { hypotheses: { id: number }[] } }>().data.hypotheses[0]?.id ?? 0;
  },
  actionPlan: async (owner) => {
    // Plans are Pro: the owner is on the trial (the intruder stays free, and still gets a 404, not a 403).
    await t.db.db
      .update(users)
      .set({ trialExpiration: new Date(Date.now() + DAY_MS) })
      .where(eq(users.id, owner.user.id));
    const searchResultId = await FIXTURES.searchResult(owner);
    const res = await call(owner, { method: 'POST', url: '/api/action-plans', payload: { searchResultId } });
    await expectOk(res, 'generate a plan');
    return res.json<{ data: { id: number } }>().data.id;
  },
  planPhase: async (owner) => {
    const planId = await FIXTURES.actionPlan(owner);
    const res = await call(owner, { method: 'GET', url: `/api/action-plans/${planId}` });
    return res.json<{ data: { phases: { id: number }[] } }>().data.phases[0]?.id ?? 0;
  },
  planTask: async (owner) => {
    const planId = await FIXTURES.actionPlan(owner);
    const res = await call(owner, { method: 'GET', url: `/api/action-plans/${planId}` });
    return res.json<{ data: { phases: { tasks: { id: number }[] }[] } }>().data.phases[0]?.tasks[0]?.id ?? 0;
  },
  apiKey: async (owner) => {
    // Keys are Enterprise: the owner is made Enterprise directly (the intruder stays free and gets a 404).
    await t.db.db
      .update(users)
      .set({
        subscriptionTier: 'enterprise',
        subscriptionStatus: 'active',
        subscriptionPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
      })
      .where(eq(users.id, owner.user.id));
    const res = await call(owner, {
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'Owner key', scopes: ['read'] },
    });
    await expectOk(res, 'create an API key');
    return res.json<{ data: { apiKey: { id: number } } }>().data.apiKey.id;
  },
  shareLink: async (owner) => {
    const searchId = await FIXTURES.search(owner);
    const res = await call(owner, {
      method: 'POST',
      url: `/api/searches/${searchId}/share-links`,
      payload: { expiresIn: '7d' },
    });
    await expectOk(res, 'create a share link');
    return res.json<{ data: { id: number } }>().data.id;
  },
  marketReport: async (owner) => {
    const res = await call(owner, {
      method: 'POST',
      url: '/api/market-research',
      payload: { market: 'dental clinics' },
    });
    await expectOk(res, 'run a market research report');
    return res.json<{ data: { report: { id: number } } }>().data.report.id;
  },
  sharedSearch: async (owner) => FIXTURES.search(owner),
  sharedIdea: async (owner) => FIXTURES.idea(owner),
  comment: async (owner) => {
    const searchId = await FIXTURES.search(owner);
    const res = await call(owner, {
      method: 'POST',
      url: `/api/searches/${searchId}/comments`,
      payload: { content: 'A first note' },
    });
    await expectOk(res, 'comment on an analysis');
    return res.json<{ data: { id: number } }>().data.id;
  },
  ideaShare: async (owner) => {
    const teamId = await FIXTURES.team(owner);
    const searchId = await FIXTURES.search(owner);
    const res = await call(owner, {
      method: 'POST',
      url: `/api/searches/${searchId}/team-shares`,
      payload: { teamId },
    });
    await expectOk(res, 'share with a team');
    return res.json<{ data: { id: number } }>().data.id;
  },
  team: async (owner) => {
    // Teams are Pro: the owner subscribes (the intruder stays free, and still gets a 404, not a 403).
    await t.db.db
      .update(users)
      .set({ subscriptionTier: 'pro', subscriptionStatus: 'active' })
      .where(eq(users.id, owner.user.id));
    const res = await call(owner, { method: 'POST', url: '/api/teams', payload: { name: 'Owner team' } });
    await expectOk(res, 'create a team');
    return res.json<{ data: { id: number } }>().data.id;
  },
  teamMember: async (owner) => {
    // A second member (not the owner, whose own role cannot change and who cannot leave).
    const teamId = await FIXTURES.team(owner);
    const mate = await createUser(t);
    const [row] = await t.db.db
      .insert(teamMembers)
      .values({
        teamId: Number(teamId),
        userId: mate.user.id,
        email: mate.user.email,
        role: 'member',
        joinedAt: new Date(),
      })
      .returning();
    return row?.id ?? 0;
  },
  teamInvitation: async (owner) => {
    const teamId = await FIXTURES.team(owner);
    const res = await call(owner, {
      method: 'POST',
      url: `/api/teams/${teamId}/invitations`,
      payload: { email: 'invitee@example.test' },
    });
    await expectOk(res, 'invite to a team');
    return res.json<{ data: { id: number } }>().data.id;
  },
  conversation: async (owner) => {
    const analysisId = await FIXTURES.search(owner);
    const res = await call(owner, { method: 'POST', url: '/api/chat/conversations', payload: { analysisId } });
    await expectOk(res, 'open a conversation');
    return res.json<{ data: { id: number } }>().data.id;
  },
  conversationMessage: async (owner) => {
    const id = await FIXTURES.conversation(owner);
    const res = await call(owner, {
      method: 'POST',
      url: `/api/chat/conversations/${id}/messages`,
      payload: { content: 'Who already serves dental clinics?' },
    });
    await expectOk(res, 'ask a question');
    return res.json<{ data: { question: { id: number } } }>().data.question.id;
  },
  notification: async (owner) => {
    // Notifications come from other people's actions; one row for the owner is the fixture.
    const [row] = await t.db.db
      .insert(notifications)
      .values({ userId: owner.user.id, kind: 'team_join', summary: 'Someone joined your team', createdAt: new Date() })
      .returning();
    return row?.id ?? 0;
  },
  checkoutSession: async (owner) => {
    const res = await call(owner, { method: 'POST', url: '/api/billing/checkout', payload: { plan: 'pro' } });
    await expectOk(res, 'start a checkout');
    return res.json<{ data: { sessionId: string } }>().data.sessionId;
  },
  reportLogo: async (owner) => {
    // Branding is Pro: the owner subscribes (the intruder stays free, and still gets a 404, not a 403).
    await t.db.db
      .update(users)
      .set({ subscriptionTier: 'pro', subscriptionStatus: 'active' })
      .where(eq(users.id, owner.user.id));
    const res = await call(owner, {
      method: 'PUT',
      url: '/api/exports/branding/logo',
      payload: { data: pngLogo().toString('base64') },
    });
    await expectOk(res, 'upload a report logo');
    return res.json<{ data: { logo: { id: number } } }>().data.logo.id;
  },
};

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
