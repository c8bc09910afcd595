import { eq } from 'drizzle-orm';
import { API_KEY_SCOPES } from '#shared/api-keys/api-keys.schemas.ts';
import { securityAlerts, users } from '../db/schema/index.ts';
import { unsubscribeToken, unsubscribeSecret } from '../features/notifications/unsubscribe-token.service.ts';
import {
  mailInOutbox,
  originOf,
  registerViaApi,
  registrationTokenFrom,
  startRegistrationViaApi,
  STRONG_PASSWORD,
} from './auth-helpers.ts';
import { createUser, type TestUser } from './factories.ts';
import { pngLogo } from './images.ts';
import { callAs, resourceFixtures } from './resource-fixtures.ts';
import type { TestApp } from './test-app.ts';

// The write routes whose input the route table cannot give (write-routes.test.ts): a value the sampler
// cannot make, a token mailed first, a row someone else makes, the billing state a route changes, a
// signed-in browser session. Each maker prepares the owner's state as a user would and returns what
// replaces the sampled request (`as`: the caller, when the route is about another account).

/** Routes for someone on the free plan (a checkout, a trial); every other route's owner is on Enterprise. */
export const FREE_OWNER = new Set([
  'POST /api/billing/checkout',
  'POST /api/billing/demo-checkout/:sessionId/complete',
  'POST /api/trial/activate',
]);

export type MadeRequest = {
  url?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Who calls (a registered account for the session routes); the owner by default. */
  as?: { headers: Record<string, string> };
};
type Sampled = { url: string; payload?: Record<string, unknown> };
type Maker = (owner: TestUser, sampled: Sampled) => Promise<MadeRequest>;

const NEW_PASSWORD = 'Amber-Meadow-Compass-77';
const CONTRIBUTION = {
  title: 'A useful tool',
  description: 'A tool founders use to check a market.',
  url: 'https://example.test/a-useful-tool',
};
let counter = 0;
const uniqueEmail = (what: string) => `write-${what}-${Date.now().toString(36)}-${counter++}@example.test`;

export function madeInputs(t: TestApp): Record<string, Maker> {
  const FIXTURES = resourceFixtures(t);
  const call = (user: TestUser, method: string, url: string, payload?: unknown) =>
    callAs(t, user, { method, url, payload });
  const ok = async <R extends { statusCode: number; body: string }>(res: R, what: string): Promise<R> => {
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const origin = () => ({ origin: originOf(t) });
  /** A registered account (a password, a refresh cookie), signed in. */
  const registered = async () => {
    const account = await registerViaApi(t, {
      email: uniqueEmail('account'),
      readMail: (to) => mailText(to, /confirm-email/),
    });
    return { ...account, headers: { authorization: `Bearer ${account.accessToken}` } };
  };
  const setPlan = (owner: TestUser, tier: 'free' | 'pro') =>
    t.db.db
      .update(users)
      .set({
        subscriptionTier: tier,
        subscriptionStatus: tier === 'free' ? 'inactive' : 'active',
        subscriptionPeriodEnd: null,
      })
      .where(eq(users.id, owner.user.id));
  /** A subscription through the demo checkout, as a free user buys one. */
  const subscribed = async (owner: TestUser) => {
    await setPlan(owner, 'free');
    const sessionId = await FIXTURES.checkoutSession(owner);
    await ok(await call(owner, 'POST', `/api/billing/demo-checkout/${sessionId}/complete`), 'complete a checkout');
  };
  const mailText = (to: string, pattern: RegExp) => mailInOutbox(t, to, pattern);
  const tokenIn = (text: string, pattern: RegExp) => {
    const token = pattern.exec(text)?.[1];
    if (!token) throw new Error(`no token matching ${pattern} in: ${text}`);
    return token;
  };
  /** An invitation to the owner's address from another team's owner, and its mailed token. */
  const invitationToken = async (owner: TestUser) => {
    const inviter = await createUser(t);
    const teamId = await FIXTURES.team(inviter);
    await ok(await call(inviter, 'POST', `/api/teams/${teamId}/invitations`, { email: owner.user.email }), 'invite');
    return tokenIn(await mailText(owner.user.email, /teams\/join#token=/), /teams\/join#token=([A-Za-z0-9_-]+)/);
  };
  const plan = async (owner: TestUser) => {
    const planId = await FIXTURES.actionPlan(owner);
    const res = await call(owner, 'GET', `/api/action-plans/${planId}`);
    type Plan = { id: number; version: number; phases: { id: number; tasks: { id: number }[] }[] };
    return res.json<{ data: Plan }>().data;
  };

  return {
    'POST /api/auth/register': async () => {
      const email = uniqueEmail('register');
      return {
        headers: origin(),
        payload: { email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, name: 'Write Routes' },
      };
    },
    'POST /api/auth/register/confirm': async () => {
      const email = uniqueEmail('confirm');
      await ok(await startRegistrationViaApi(t, { email }), 'start a registration');
      return { headers: origin(), payload: { token: registrationTokenFrom(await mailText(email, /confirm-email/)) } };
    },
    'POST /api/auth/login': async () => {
      const account = await registered();
      return { headers: origin(), payload: { email: account.email, password: account.password } };
    },
    'POST /api/auth/refresh': async () => {
      const account = await registered();
      return { headers: origin(), cookies: { unbuilt_refresh: account.cookie } };
    },
    'POST /api/auth/logout': async () => {
      const account = await registered();
      return { as: account, headers: origin(), cookies: { unbuilt_refresh: account.cookie } };
    },
    'POST /api/auth/password/forgot': async () => {
      const account = await registered();
      return { headers: origin(), payload: { email: account.email } };
    },
    'POST /api/auth/password/reset': async () => {
      const account = await registered();
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        headers: origin(),
        payload: { email: account.email },
      });
      await ok(forgot, 'ask for a reset');
      const token = tokenIn(await mailText(account.email, /reset-password/), /reset-password#token=([A-Za-z0-9_-]+)/);
      return { headers: origin(), payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } };
    },
    'POST /api/auth/password/change': async () => {
      const account = await registered();
      return {
        as: account,
        payload: { currentPassword: account.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      };
    },
    'POST /api/trial/activate': async (owner) => ({ payload: { email: owner.user.email } }),
    'POST /api/billing/checkout': async () => ({ payload: { plan: 'pro' } }),
    'POST /api/billing/subscription/cancel': async (owner) => {
      await subscribed(owner);
      return {};
    },
    'POST /api/billing/subscription/change': async (owner) => {
      await subscribed(owner);
      return { payload: { plan: 'enterprise' } };
    },
    'POST /api/billing/subscription/resume': async (owner) => {
      await subscribed(owner);
      await ok(await call(owner, 'POST', '/api/billing/subscription/cancel'), 'cancel');
      return {};
    },
    'PUT /api/admin/flags/:name': async () => ({ url: '/api/admin/flags/write-routes-flag' }),
    'PUT /api/admin/flags/:name/users/:userId': async (owner, sampled) => {
      await ok(await call(owner, 'PUT', '/api/admin/flags/write-routes-flag', sampled.payload ?? {}), 'a flag');
      return { url: `/api/admin/flags/write-routes-flag/users/${owner.user.id}`, payload: { enabled: true } };
    },
    'DELETE /api/admin/flags/:name/users/:userId': async (owner) => {
      await ok(await call(owner, 'PUT', '/api/admin/flags/write-routes-flag', { enabled: false }), 'a flag');
      const url = `/api/admin/flags/write-routes-flag/users/${owner.user.id}`;
      await ok(await call(owner, 'PUT', url, { enabled: true }), 'an override');
      return { url };
    },
    'POST /api/admin/users/:id/:action': async () => {
      const target = await createUser(t);
      return { url: `/api/admin/users/${target.user.id}/force-password-change` };
    },
    'PATCH /api/admin/security-alerts/:id': async () => {
      const [alert] = await t.db.db
        .insert(securityAlerts)
        .values({ alertType: 'brute_force', description: 'Many failed sign-ins' })
        .returning();
      return {
        url: `/api/admin/security-alerts/${alert?.id}`,
        payload: { status: 'resolved', notes: 'A test of every write route.' },
      };
    },
    'PATCH /api/searches/:id/favorite': async (_owner, sampled) => ({
      url: sampled.url,
      payload: { isFavorite: true },
    }),
    'PATCH /api/search-results/:id/save': async (_owner, sampled) => ({ url: sampled.url, payload: { isSaved: true } }),
    'POST /api/comments/:id/resolve': async () => ({ payload: { isResolved: true } }),
    'PUT /api/comments/:id/reactions': async () => ({ payload: { emoji: '👍', on: true } }),
    'PATCH /api/teams/:id': async () => ({ payload: { name: 'Renamed team' } }),
    'POST /api/v1/searches': async (owner, sampled) => {
      const res = await call(owner, 'POST', '/api/api-keys', { name: 'Write routes', scopes: [...API_KEY_SCOPES] });
      await ok(res, 'an API key');
      const key = res.json<{ data: { key: string } }>().data.key;
      return { headers: { authorization: `Bearer ${key}` }, payload: { ...sampled.payload, query: 'dental clinics' } };
    },
    'DELETE /api/projects/:id/analyses/:searchId': async (owner, sampled) => {
      const [, projectId, searchId] = /\/api\/projects\/(\d+)\/analyses\/(\d+)/.exec(sampled.url) ?? [];
      await ok(await call(owner, 'POST', `/api/projects/${projectId}/analyses`, { searchId: Number(searchId) }), 'add');
      return {};
    },
    'POST /api/ideas/:id/unarchive': async (owner, sampled) => {
      await ok(await call(owner, 'POST', sampled.url.replace(/unarchive$/, 'archive')), 'archive an idea');
      return {};
    },
    'POST /api/team-invitations/preview': async (owner) => ({ payload: { token: await invitationToken(owner) } }),
    'POST /api/team-invitations/accept': async (owner) => ({ payload: { token: await invitationToken(owner) } }),
    'POST /api/team-invitations/decline': async (owner) => ({ payload: { token: await invitationToken(owner) } }),
    'POST /api/notifications/read-all': async (owner) => {
      await FIXTURES.notification(owner);
      return {};
    },
    'POST /api/notifications/unsubscribe': async (owner) => ({
      payload: { token: unsubscribeToken(owner.user.id, await unsubscribeSecret(t.db.db)) },
    }),
    'POST /api/notifications/unsubscribe/one-click': async (owner) => {
      const token = unsubscribeToken(owner.user.id, await unsubscribeSecret(t.db.db));
      return {
        url: `/api/notifications/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      };
    },
    'POST /api/exports/bundles': async (owner) => {
      const searchId = await FIXTURES.search(owner);
      const bundle = await ok(await call(owner, 'GET', `/api/exports/searches/${searchId}/bundle`), 'export a bundle');
      return { payload: bundle.json() };
    },
    'PUT /api/exports/branding': async () => ({ payload: { companyName: 'Write Routes Ltd', accentColor: '#4F46E5' } }),
    'PUT /api/exports/branding/logo': async () => ({ payload: { data: pngLogo().toString('base64') } }),
    'DELETE /api/exports/branding/logo': async (owner) => {
      await FIXTURES.reportLogo(owner);
      return {};
    },
    'POST /api/action-plans': async (owner) => ({ payload: { searchResultId: await FIXTURES.searchResult(owner) } }),
    'POST /api/plan-phases/reorder': async (owner) => {
      const p = await plan(owner);
      return { payload: { planId: p.id, version: p.version, phaseIds: p.phases.map((ph) => ph.id).reverse() } };
    },
    'POST /api/plan-tasks/reorder': async (owner) => {
      const p = await plan(owner);
      const phase = p.phases.find((ph) => ph.tasks.length > 1) ?? p.phases[0];
      const taskIds = (phase?.tasks ?? []).map((task) => task.id).reverse();
      return { payload: { phaseId: phase?.id, version: p.version, taskIds } };
    },
    'DELETE /api/analytics/events': async (owner) => {
      await ok(
        await call(owner, 'POST', '/api/analytics/events', { type: 'upgrade_viewed', source: 'subscribe-page' }),
        'an event',
      );
      return {};
    },
    'DELETE /api/resources/:id/bookmark': async (owner, sampled) => {
      await ok(await call(owner, 'PUT', sampled.url, {}), 'bookmark');
      return {};
    },
    'POST /api/contributions': async () => ({ payload: CONTRIBUTION }),
    'POST /api/admin/contributions/:id/review': async (owner, sampled) => {
      const author = await createUser(t);
      const res = await call(author, 'POST', '/api/contributions', CONTRIBUTION);
      await ok(res, 'suggest a resource');
      const id = res.json<{ data: { id: number } }>().data.id;
      return { url: `/api/admin/contributions/${id}/review`, payload: sampled.payload };
    },
    'POST /api/help/articles/:slug/helpful': async (owner, sampled) => {
      const list = await call(owner, 'GET', '/api/help/articles');
      const slug = list.json<{ data: { items: { slug: string }[] } }>().data.items[0]?.slug ?? 'none';
      return { url: `/api/help/articles/${slug}/helpful`, payload: sampled.payload };
    },
    'DELETE /api/searches/:id/watch': async (owner, sampled) => {
      await ok(await call(owner, 'POST', sampled.url), 'watch');
      return {};
    },
    'POST /api/resources/reviews/:id/helpful': async (owner) => {
      const reviewer = await createUser(t);
      const resourceId = /\/api\/resources\/(\d+)/.exec((await catalogueUrl(owner)) ?? '')?.[1] ?? '1';
      await ok(
        await call(reviewer, 'PUT', `/api/resources/${resourceId}/rating`, { rating: 4, review: 'Clear and short.' }),
        'a review',
      );
      const detail = await call(owner, 'GET', `/api/resources/${resourceId}`);
      const review = detail.json<{ data: { reviews: { id: number }[] } }>().data.reviews[0];
      return { url: `/api/resources/reviews/${review?.id}/helpful` };
    },
  };

  async function catalogueUrl(owner: TestUser): Promise<string | undefined> {
    const res = await call(owner, 'GET', '/api/resources?limit=1');
    const id = res.json<{ data: { items: { id: number }[] } }>().data.items[0]?.id;
    return id === undefined ? undefined : `/api/resources/${id}`;
  }
}
