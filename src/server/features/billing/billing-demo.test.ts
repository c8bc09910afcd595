import { eq } from 'drizzle-orm';
import type { SubscriptionView } from '#shared/billing/billing.schemas.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSubscriptions, checkoutSessions } from '../../db/schema/index.ts';
import { effectivePlan, RENEWAL_GRACE_MS } from '../../lib/domain/effective-plan.ts';
import { createUser, reloadUser, type TestUser, signInAs } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CHECKOUT_TTL_MS, DEMO_PERIOD_MS } from './demo.provider.ts';

// The default (demo) provider end to end through the API: checkout, the demo "payment", and the
// subscription state changes a paying user makes from /billing.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function checkout(u: TestUser, plan: 'pro' | 'enterprise' = 'pro') {
  return t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: u.headers, payload: { plan } });
}

async function subscribe(u: TestUser, plan: 'pro' | 'enterprise' = 'pro') {
  const started = await checkout(u, plan);
  expect(started.statusCode).toBe(200);
  const { sessionId } = started.json().data as { sessionId: string };
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/billing/demo-checkout/${sessionId}/complete`,
    headers: u.headers,
  });
  expect(done.statusCode).toBe(200);
  return sessionId;
}

async function view(u: TestUser) {
  // Signed at the test clock's now, so it stays valid when a test moves the clock.
  const token = await signInAs(t, u.user.id);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/billing/subscription',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: SubscriptionView }>().data;
}

describe('demo checkout', () => {
  it('says it is the demo provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(res.json().data).toEqual({
      provider: 'demo',
      enterpriseCheckout: true,
      checkoutAvailable: true,
      demoBanner: false,
    });
  });

  it('creates one session for 10 concurrent (double-clicked) checkout requests', async () => {
    const u = await createUser(t);
    const responses = await Promise.all(Array.from({ length: 10 }, () => checkout(u)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const urls = new Set(responses.map((r) => r.json().data.url as string));
    expect(urls.size).toBe(1);
    const rows = await t.db.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, u.user.id));
    expect(rows).toHaveLength(1);
    expect([...urls][0]).toMatch(/^\/billing\/demo-checkout\/demo_cs_/);
  });

  it('makes the user Pro after the demo payment, once even when paid twice', async () => {
    const u = await createUser(t);
    const sessionId = await subscribe(u);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/billing/demo-checkout/${sessionId}/complete`,
      headers: u.headers,
    });
    expect(again.statusCode).toBe(200);
    const subs = await t.db.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, u.user.id));
    expect(subs).toHaveLength(1);
    const data = await view(u);
    expect(data.plan).toBe('pro');
    expect(data.subscription).toMatchObject({ tier: 'pro', status: 'active', cancelAtPeriodEnd: false });
    expect(data.history.map((h) => h.summary)).toContain('Subscribed to Pro');
    const checkoutAgain = await checkout(u);
    expect(checkoutAgain.statusCode).toBe(409);
  });

  it("refuses another user's checkout session", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const { sessionId } = (await checkout(owner)).json().data as { sessionId: string };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/billing/demo-checkout/${sessionId}/complete`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(effectivePlan(await reloadUser(t, other.user.id), t.clock.now())).toBe('free');
  });

  it('refuses an expired checkout session', async () => {
    const u = await createUser(t);
    const { sessionId } = (await checkout(u)).json().data as { sessionId: string };
    t.clock.advance(CHECKOUT_TTL_MS + 60_000);
    try {
      const token = await signInAs(t, u.user.id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/billing/demo-checkout/${sessionId}/complete`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(409);
    } finally {
      t.clock.set(null);
    }
  });
});

describe('subscription changes', () => {
  it('cancels at period end: paid until the period ends, free right after', async () => {
    const u = await createUser(t);
    await subscribe(u);
    const cancel = await t.app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: u.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.subscription.cancelAtPeriodEnd).toBe(true);
    expect(cancel.json().data.plan).toBe('pro');
    const periodEnd = new Date(cancel.json().data.subscription.currentPeriodEnd as string);
    t.clock.set(new Date(periodEnd.getTime() - 1000));
    expect(effectivePlan(await reloadUser(t, u.user.id), t.clock.now())).toBe('pro');
    t.clock.set(new Date(periodEnd.getTime() + 1000));
    try {
      expect(effectivePlan(await reloadUser(t, u.user.id), t.clock.now())).toBe('free');
      expect((await view(u)).plan).toBe('free');
    } finally {
      t.clock.set(null);
    }
  });

  it('resumes a subscription set to cancel', async () => {
    const u = await createUser(t);
    await subscribe(u);
    await t.app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: u.headers });
    const resumed = await t.app.inject({ method: 'POST', url: '/api/billing/subscription/resume', headers: u.headers });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.subscription.cancelAtPeriodEnd).toBe(false);
    const row = await reloadUser(t, u.user.id);
    expect(row.subscriptionStatus).toBe('active');
    // Renewing again: still paid just past the period end (the provider's renewal may lag).
    expect(effectivePlan(row, new Date(t.clock.now().getTime() + DEMO_PERIOD_MS + 1000))).toBe('pro');
    expect(effectivePlan(row, new Date(t.clock.now().getTime() + DEMO_PERIOD_MS + RENEWAL_GRACE_MS + 1000))).toBe(
      'free',
    );
  });

  it('changes plan from Pro to Enterprise', async () => {
    const u = await createUser(t);
    await subscribe(u);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/change',
      headers: u.headers,
      payload: { plan: 'enterprise' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.plan).toBe('enterprise');
    expect(changed.json().data.history[0].summary).toBe('Plan changed to Enterprise');
  });

  it('refuses changes without a subscription, and has no portal in demo mode', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: u.headers });
    expect(res.statusCode).toBe(409);
    await subscribe(u);
    const portal = await t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: u.headers });
    expect(portal.statusCode).toBe(400);
    const invoices = await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: u.headers });
    expect(invoices.json().data.invoices).toEqual([]);
  });

  it('ignores subscription fields sent by a client', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: u.headers,
      payload: {
        plan: 'pro',
        subscriptionTier: 'enterprise',
        subscriptionStatus: 'active',
        stripeSubscriptionId: 'sub_forged',
      },
    });
    expect(res.statusCode).toBe(200);
    const row = await reloadUser(t, u.user.id);
    expect(row.subscriptionTier).toBe('free');
    expect(row.stripeSubscriptionId).toBeNull();
    expect(effectivePlan(row, t.clock.now())).toBe('free');
  });

  it('has no webhook endpoint with the demo provider', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
