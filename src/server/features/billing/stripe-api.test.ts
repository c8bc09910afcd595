import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { createUser, reloadUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStripeProvider } from './stripe.provider.ts';

// The Stripe provider against a local fake of Stripe's REST API on 127.0.0.1 (no network): what the
// app asks Stripe for at checkout, cancel, plan change, portal and invoices.

const STRIPE_ENV = {
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_unbuilt_offline',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_api',
  STRIPE_PRICE_PRO: 'price_pro_test',
  STRIPE_PRICE_ENTERPRISE: 'price_enterprise_test',
};
const DAY = 24 * 60 * 60;

type Seen = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined };

let fake: http.Server;
const seen: Seen[] = [];
const idempotent = new Map<string, { body: string; answer: unknown }>();
let sessionsCreated = 0;
let failNextCheckout = false;
const subscriptions = new Map<
  string,
  { customer: string; price: string; cancel: boolean; userId: string; periodEnd: number }
>();
let t: TestApp;

function subscriptionJson(id: string) {
  const sub = subscriptions.get(id)!;
  return {
    id,
    object: 'subscription',
    customer: sub.customer,
    status: 'active',
    cancel_at_period_end: sub.cancel,
    cancel_at: null,
    ended_at: null,
    metadata: { userId: sub.userId },
    items: { object: 'list', data: [{ id: `si_${id}`, price: { id: sub.price }, current_period_end: sub.periodEnd }] },
  };
}

function respond(req: http.IncomingMessage, body: URLSearchParams): unknown {
  const path = (req.url ?? '').split('?')[0] ?? '';
  if (req.method === 'POST' && path === '/v1/checkout/sessions') {
    if (failNextCheckout) {
      failNextCheckout = false;
      return { failure: true };
    }
    sessionsCreated += 1;
    const id = `cs_test_${sessionsCreated}`;
    return { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/${id}` };
  }
  if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
    return {
      id: 'bps_1',
      object: 'billing_portal.session',
      url: `https://billing.stripe.test/p/${body.get('customer')}`,
    };
  }
  const subMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
  if (subMatch?.[1] && subscriptions.has(subMatch[1])) {
    const sub = subscriptions.get(subMatch[1])!;
    if (req.method === 'POST') {
      if (body.has('cancel_at_period_end')) sub.cancel = body.get('cancel_at_period_end') === 'true';
      const price = body.get('items[0][price]');
      if (price) sub.price = price;
    }
    return subscriptionJson(subMatch[1]);
  }
  if (req.method === 'GET' && path === '/v1/invoices') {
    return {
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'in_1',
          object: 'invoice',
          created: 1_700_000_000,
          amount_due: 2900,
          currency: 'usd',
          status: 'paid',
          hosted_invoice_url: 'https://invoice.stripe.test/in_1',
        },
      ],
    };
  }
  return null;
}

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const key = req.headers['idempotency-key'];
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      // Like Stripe: a repeated idempotency key with the same parameters replays the first answer,
      // with different parameters it is an error.
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replay && replay.body !== body.toString()) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { type: 'idempotency_error', message: 'Keys can only be reused with the same parameters' },
          }),
        );
        return;
      }
      const answer = replay ? replay.answer : respond(req, body);
      if (answer && typeof answer === 'object' && 'failure' in answer) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a bad day' } }));
        return;
      }
      if (typeof key === 'string' && !replay && answer) idempotent.set(key, { body: body.toString(), answer });
      res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: 'No such resource' } }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  const provider = createStripeProvider(
    { ...STRIPE_ENV, PUBLIC_URL: 'http://localhost:3000' },
    { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
  );
  t = await createTestApp({ env: STRIPE_ENV, overrides: { paymentProvider: provider } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

/** Gives a user a Stripe subscription the way production does: a signed webhook. */
async function subscribed(u: TestUser, subscriptionId: string): Promise<void> {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  subscriptions.set(subscriptionId, {
    customer: `cus_${u.user.id}`,
    price: STRIPE_ENV.STRIPE_PRICE_PRO,
    cancel: false,
    userId: String(u.user.id),
    periodEnd: now + 30 * DAY,
  });
  const payload = JSON.stringify({
    id: `evt_${subscriptionId}`,
    object: 'event',
    type: 'customer.subscription.created',
    created: now,
    data: { object: subscriptionJson(subscriptionId) },
  });
  const signature = new Stripe(STRIPE_ENV.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  expect(res.json().data.outcome).toBe('applied');
}

describe('Stripe Checkout', () => {
  it('creates one subscription Checkout Session for 10 concurrent clicks, tagged with the user', async () => {
    const u = await createUser(t);
    const before = seen.length;
    const createdBefore = sessionsCreated;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: u.headers, payload: { plan: 'pro' } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.json().data.url as string)).size).toBe(1);
    const calls = seen.slice(before).filter((s) => s.path === '/v1/checkout/sessions');
    // Requests that found the same unfilled slot may each call Stripe, always with one key and the
    // same parameters, so Stripe makes one session.
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(new Set(calls.map((c) => c.body.toString())).size).toBe(1);
    expect(sessionsCreated - createdBefore).toBe(1);
    const [call] = calls;
    expect(call!.idempotencyKey).toMatch(/^pending_[0-9a-f-]{36}$/);
    expect(Object.fromEntries(call!.body)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_test',
      client_reference_id: String(u.user.id),
      'metadata[userId]': String(u.user.id),
      'subscription_data[metadata][userId]': String(u.user.id),
      customer_email: u.user.email,
    });
    expect(call!.body.get('success_url')).toContain('/subscription/success?session_id={CHECKOUT_SESSION_ID}');
    expect(responses[0]!.json().data.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });
});

describe('Stripe outage at checkout', () => {
  it('answers 503 and starts a fresh session (new idempotency key) on the next click', async () => {
    const u = await createUser(t);
    failNextCheckout = true;
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: u.headers,
      payload: { plan: 'pro' },
    });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('SERVICE_UNAVAILABLE');
    const firstKey = seen.at(-1)!.idempotencyKey;
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: u.headers,
      payload: { plan: 'pro' },
    });
    expect(retried.statusCode).toBe(200);
    expect(seen.at(-1)!.idempotencyKey).not.toBe(firstKey);
  });
});

describe('Stripe subscription changes', () => {
  it('cancels at period end and resumes through the API, applying the answer at once', async () => {
    const u = await createUser(t);
    await subscribed(u, 'sub_api_cancel');
    const cancel = await t.app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: u.headers });
    expect(cancel.statusCode).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_api_cancel' });
    expect(seen.at(-1)!.body.get('cancel_at_period_end')).toBe('true');
    const row = await reloadUser(t, u.user.id);
    expect(row.subscriptionStatus).toBe('canceling');
    expect(effectivePlan(row, t.clock.now())).toBe('pro');

    const resume = await t.app.inject({ method: 'POST', url: '/api/billing/subscription/resume', headers: u.headers });
    expect(resume.json().data.subscription.cancelAtPeriodEnd).toBe(false);
    expect((await reloadUser(t, u.user.id)).subscriptionStatus).toBe('active');
  });

  it('changes the price of the subscription item for a plan change', async () => {
    const u = await createUser(t);
    await subscribed(u, 'sub_api_change');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/change',
      headers: u.headers,
      payload: { plan: 'enterprise' },
    });
    expect(res.statusCode).toBe(200);
    const update = seen.findLast((s) => s.method === 'POST' && s.path === '/v1/subscriptions/sub_api_change')!;
    expect(update.body.get('items[0][id]')).toBe('si_sub_api_change');
    expect(update.body.get('items[0][price]')).toBe('price_enterprise_test');
    expect(effectivePlan(await reloadUser(t, u.user.id), t.clock.now())).toBe('enterprise');
  });

  it('opens the customer portal and lists invoices for the customer', async () => {
    const u = await createUser(t);
    await subscribed(u, 'sub_api_portal');
    const portal = await t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: u.headers });
    expect(portal.json().data.url).toBe(`https://billing.stripe.test/p/cus_${u.user.id}`);
    const invoices = await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: u.headers });
    expect(invoices.json().data.invoices).toEqual([
      {
        id: 'in_1',
        createdAt: new Date(1_700_000_000_000).toISOString(),
        amountCents: 2900,
        currency: 'usd',
        status: 'paid',
        url: 'https://invoice.stripe.test/in_1',
      },
    ]);
    const view = await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: u.headers });
    expect(view.json().data).toMatchObject({ provider: 'stripe', canManageInPortal: true });
  });
});
