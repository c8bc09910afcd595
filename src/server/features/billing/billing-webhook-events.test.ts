import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import { billingHistory, checkoutSessions, securityAuditLogs } from '../../db/schema/index.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { atNextWindowStart } from '../../test/clock-window.ts';
import { createUser, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  deliverWebhook,
  eventId,
  nowSeconds,
  sendEvent,
  signPayload,
  STRIPE_TEST_ENV,
  subscriptionEvent,
} from '../../test/stripe-webhook.fixtures.ts';

// Stripe event types beyond the subscription lifecycle: checkout completion, failed payments, an
// immediate cancellation, events for nobody we know, and a flood of bad signatures.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: STRIPE_TEST_ENV });
});
afterAll(async () => {
  await t.close();
});

async function historyOf(userId: number): Promise<string[]> {
  const rows = await t.db.db.select().from(billingHistory).where(eq(billingHistory.userId, userId));
  return rows.map((r) => r.summary);
}

describe('checkout.session.completed', () => {
  it('links the Stripe customer to the user and completes the stored checkout session', async () => {
    const { user } = await createUser(t);
    await t.db.db.insert(checkoutSessions).values({
      userId: user.id,
      plan: 'pro',
      provider: 'stripe',
      providerSessionId: 'cs_test_done',
      url: 'https://checkout.stripe.test/c/cs_test_done',
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 30 * 60_000),
    });
    const res = await sendEvent(t, {
      id: eventId(),
      object: 'event',
      type: 'checkout.session.completed',
      created: nowSeconds(t),
      data: {
        object: {
          id: 'cs_test_done',
          object: 'checkout.session',
          mode: 'subscription',
          customer: 'cus_checkout_1',
          subscription: 'sub_checkout_1',
          client_reference_id: String(user.id),
          metadata: { userId: String(user.id), plan: 'pro' },
        },
      },
    });
    expect(res.json().data.outcome).toBe('applied');
    expect((await reloadUser(t, user.id)).stripeCustomerId).toBe('cus_checkout_1');
    const [session] = await t.db.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, 'cs_test_done'));
    expect(session?.status).toBe('completed');
  });
});

describe('invoice.payment_failed', () => {
  it('records the failure for the subscription owner; the status comes with subscription.updated', async () => {
    const { user } = await createUser(t);
    const t0 = nowSeconds(t) - 30;
    await sendEvent(
      t,
      subscriptionEvent({
        type: 'customer.subscription.created',
        userId: user.id,
        subscriptionId: 'sub_pf',
        created: t0,
        status: 'active',
      }),
    );
    const failed = await sendEvent(t, {
      id: eventId(),
      object: 'event',
      type: 'invoice.payment_failed',
      created: t0 + 10,
      data: {
        object: {
          id: 'in_pf',
          object: 'invoice',
          customer: `cus_${user.id}`,
          parent: { subscription_details: { subscription: 'sub_pf' } },
        },
      },
    });
    expect(failed.json().data.outcome).toBe('applied');
    expect(await historyOf(user.id)).toContain('A payment failed: update your card to keep your plan.');

    await sendEvent(
      t,
      subscriptionEvent({
        type: 'customer.subscription.updated',
        userId: user.id,
        subscriptionId: 'sub_pf',
        created: t0 + 11,
        status: 'past_due',
      }),
    );
    const row = await reloadUser(t, user.id);
    expect(row.subscriptionStatus).toBe('past_due');
    // Stripe retries the card for days: the plan stays while the status is past_due.
    expect(effectivePlan(row, t.clock.now())).toBe('pro');
  });
});

describe('other deliveries', () => {
  it('ends the plan at once when a subscription is deleted before its period ends', async () => {
    const { user } = await createUser(t);
    const t0 = nowSeconds(t) - 60;
    await sendEvent(
      t,
      subscriptionEvent({
        type: 'customer.subscription.created',
        userId: user.id,
        subscriptionId: 'sub_now',
        created: t0,
        status: 'active',
      }),
    );
    await sendEvent(
      t,
      subscriptionEvent({
        type: 'customer.subscription.deleted',
        userId: user.id,
        subscriptionId: 'sub_now',
        created: t0 + 30,
        status: 'canceled',
        endedAt: t0 + 30,
      }),
    );
    const row = await reloadUser(t, user.id);
    expect(row.subscriptionStatus).toBe('canceled');
    expect(effectivePlan(row, t.clock.now())).toBe('free');
    expect(await historyOf(user.id)).toEqual(['Subscribed to Pro', 'Pro subscription ended']);
  });

  it('acknowledges an event for an unknown customer or an unknown price without any effect', async () => {
    const stranger = subscriptionEvent({
      type: 'customer.subscription.created',
      userId: 999_999,
      subscriptionId: 'sub_stranger',
      created: nowSeconds(t),
      status: 'active',
    });
    const res = await sendEvent(t, stranger);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('unmatched');

    const { user } = await createUser(t);
    const otherPrice = subscriptionEvent({
      type: 'customer.subscription.created',
      userId: user.id,
      subscriptionId: 'sub_price',
      created: nowSeconds(t),
      status: 'active',
      price: 'price_someone_else',
    });
    otherPrice.data.object.metadata = { userId: String(user.id), plan: 'gold' };
    const ignored = await sendEvent(t, otherPrice);
    expect(ignored.json().data.outcome).toBe('ignored');
    expect(effectivePlan(await reloadUser(t, user.id), t.clock.now())).toBe('free');
  });
});

describe('Stripe webhook abuse', () => {
  async function rejectedAudits(): Promise<number> {
    const [row] = await t.db.db
      .select({ n: count() })
      .from(securityAuditLogs)
      .where(eq(securityAuditLogs.eventType, 'billing.webhook_rejected'));
    return Number(row?.n ?? 0);
  }

  it('keeps answering 400 to a flood of bad signatures but stops writing audit rows past the budget', async () => {
    // All 40 requests fall in one rate-limit window.
    const restoreClock = atNextWindowStart(t.clock, MINUTE_MS);
    try {
      const before = await rejectedAudits();
      const payload = JSON.stringify({
        id: 'evt_flood',
        object: 'event',
        type: 'customer.subscription.created',
        created: nowSeconds(t),
        data: { object: {} },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await deliverWebhook(
          t,
          payload,
          signPayload(t, payload, { secret: 'whsec_wrong' }),
          '198.51.100.7',
        );
        statuses.push(res.statusCode);
      }
      expect(new Set(statuses)).toEqual(new Set([400]));
      expect(await rejectedAudits()).toBe(before + 30);
    } finally {
      restoreClock();
    }
  });
});
