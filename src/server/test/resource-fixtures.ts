import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { notifications, teamMembers, users } from '../db/schema/index.ts';
import type { ResourceName } from '../lib/access/resources.ts';
import { createUser, type TestUser } from './factories.ts';
import { pngLogo } from './images.ts';
import type { TestApp } from './test-app.ts';

// One resource of each kind a path parameter can name (lib/access/resources.ts), made for an owner
// through the API as a user would (or a row where only other people's actions make one): the
// route-table suites (idor.test.ts, read-routes.test.ts) fill a route's parameters with them.

export type CallOptions = { method: string; url: string; payload?: unknown };
/** Creates one resource of each kind for `owner` and returns its id as the path uses it. */
export type ResourceFixtures = Record<ResourceName, (owner: TestUser) => Promise<string | number>>;

/** A request as `user` through the app (no network). */
export function callAs(t: TestApp, user: TestUser, options: CallOptions) {
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

export function resourceFixtures(t: TestApp): ResourceFixtures {
  const call = (user: TestUser, options: CallOptions) => callAs(t, user, options);
  const FIXTURES: ResourceFixtures = {
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
        .values({
          userId: owner.user.id,
          kind: 'team_join',
          summary: 'Someone joined your team',
          createdAt: new Date(),
        })
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
  return FIXTURES;
}
