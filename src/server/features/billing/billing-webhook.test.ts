import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, billingHistory, securityAuditLogs } from '../../db/schema/index.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { createUser, reloadUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  deliverWebhook,
  nowSeconds as nowSecondsAt,
  signPayload,
  STRIPE_TEST_ENV,
  subscriptionEvent,
} from '../../test/stripe-webhook.fixtures.ts';

// The Stripe webhook: signatures checked on the raw body with stripe's own test-header helper
// (no network), idempotency under concurrent redelivery, and out-of-order delivery.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: STRIPE_TEST_ENV });
});
afterAll(async () => {
  await t.close();
});

function nowSeconds(): number {
  return nowSecondsAt(t);
}

function sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
  return signPayload(t, payload, options);
}

function deliver(payload: string, signature: string | null) {
  return deliverWebhook(t, payload, signature);
}

async function rejectedAudits(): Promise<number> {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(securityAuditLogs)
    .where(eq(securityAuditLogs.eventType, 'billing.webhook_rejected'));
  return Number(row?.n ?? 0);
}

describe('Stripe webhook signature', () => {
  it('accepts a correctly signed event and applies it', async () => {
    const { user } = await createUser(t);
    const payload = JSON.stringify(
      subscriptionEvent({
        type: 'customer.subscription.created',
        userId: user.id,
        subscriptionId: 'sub_valid',
        created: nowSeconds(),
        status: 'active',
      }),
    );
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('applied');
    const updated = await reloadUser(t, user.id);
    expect(updated.stripeSubscriptionId).toBe('sub_valid');
    expect(effectivePlan(updated, t.clock.now())).toBe('pro');
  });

  const rejections: { name: string; build: (payload: string) => { body: string; signature: string | null } }[] = [
    {
      name: 'a signature made with another secret',
      build: (p) => ({ body: p, signature: sign(p, { secret: 'whsec_attacker' }) }),
    },
    { name: 'a missing Stripe-Signature header', build: (p) => ({ body: p, signature: null }) },
    {
      name: 'a body with one byte changed after signing',
      build: (p) => {
        const at = p.indexOf('"active"') + 1;
        return { body: `${p.slice(0, at)}A${p.slice(at + 1)}`, signature: sign(p) };
      },
    },
    {
      name: 'a timestamp 301 seconds old',
      build: (p) => ({ body: p, signature: sign(p, { timestamp: nowSeconds() - 301 }) }),
    },
  ];

  for (const { name, build } of rejections) {
    it(`rejects ${name} with 400, an audit row and no effect`, async () => {
      const { user } = await createUser(t);
      const payload = JSON.stringify(
        subscriptionEvent({
          type: 'customer.subscription.created',
          userId: user.id,
          subscriptionId: `sub_rej_${user.id}`,
          created: nowSeconds(),
          status: 'active',
        }),
      );
      const before = await rejectedAudits();
      const { body, signature } = build(payload);
      const res = await deliver(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
      expect(await rejectedAudits()).toBe(before + 1);
      const unchanged = await reloadUser(t, user.id);
      expect(unchanged.stripeSubscriptionId).toBeNull();
      expect(effectivePlan(unchanged, t.clock.now())).toBe('free');
    });
  }

  it('accepts a timestamp 299 seconds old (inside the 300-second tolerance)', async () => {
    const { user } = await createUser(t);
    const payload = JSON.stringify(
      subscriptionEvent({
        type: 'customer.subscription.created',
        userId: user.id,
        subscriptionId: 'sub_299',
        created: nowSeconds(),
        status: 'active',
      }),
    );
    const res = await deliver(payload, sign(payload, { timestamp: nowSeconds() - 299 }));
    expect(res.statusCode).toBe(200);
  });

  it('acknowledges an unknown event type without any effect', async () => {
    const payload = JSON.stringify({
      id: 'evt_unknown_type',
      object: 'event',
      type: 'customer.tax_id.created',
      created: nowSeconds(),
      data: { object: {} },
    });
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('ignored');
    const rows = await t.db.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_unknown_type'));
    expect(rows).toHaveLength(0);
  });
});

describe('Stripe webhook delivery', () => {
  it('applies the same event delivered 10 times concurrently exactly once', async () => {
    const { user } = await createUser(t);
    const event = subscriptionEvent({
      type: 'customer.subscription.created',
      userId: user.id,
      subscriptionId: 'sub_dup',
      created: nowSeconds(),
      status: 'active',
    });
    const payload = JSON.stringify(event);
    const signature = sign(payload);
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, signature)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = responses.map((r) => r.json().data.outcome as string).sort();
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    const history = await t.db.db.select().from(billingHistory).where(eq(billingHistory.eventId, event.id));
    expect(history).toHaveLength(1);
  });

  it('ends active when subscription.updated arrives before subscription.created', async () => {
    const { user } = await createUser(t);
    const t0 = nowSeconds();
    const created = subscriptionEvent({
      type: 'customer.subscription.created',
      userId: user.id,
      subscriptionId: 'sub_order1',
      created: t0,
      status: 'incomplete',
    });
    const updated = subscriptionEvent({
      type: 'customer.subscription.updated',
      userId: user.id,
      subscriptionId: 'sub_order1',
      created: t0 + 5,
      status: 'active',
    });
    for (const event of [updated, created]) {
      const payload = JSON.stringify(event);
      expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    }
    const row = await reloadUser(t, user.id);
    expect(row.subscriptionStatus).toBe('active');
    expect(effectivePlan(row, t.clock.now())).toBe('pro');
  });

  it('stays ended when subscription.deleted arrives before an earlier subscription.updated', async () => {
    const { user } = await createUser(t);
    const t0 = nowSeconds() - 60;
    const events = [
      subscriptionEvent({
        type: 'customer.subscription.created',
        userId: user.id,
        subscriptionId: 'sub_order2',
        created: t0,
        status: 'active',
      }),
      subscriptionEvent({
        type: 'customer.subscription.deleted',
        userId: user.id,
        subscriptionId: 'sub_order2',
        created: t0 + 20,
        status: 'canceled',
        endedAt: t0 + 20,
      }),
      subscriptionEvent({
        type: 'customer.subscription.updated',
        userId: user.id,
        subscriptionId: 'sub_order2',
        created: t0 + 10,
        status: 'active',
        cancelAtPeriodEnd: true,
      }),
    ];
    const outcomes: string[] = [];
    for (const event of events) {
      const payload = JSON.stringify(event);
      const res = await deliver(payload, sign(payload));
      expect(res.statusCode).toBe(200);
      outcomes.push(res.json().data.outcome as string);
    }
    expect(outcomes).toEqual(['applied', 'applied', 'stale']);
    const row = await reloadUser(t, user.id);
    expect(row.subscriptionStatus).toBe('canceled');
    expect(effectivePlan(row, t.clock.now())).toBe('free');
  });

  it('answers 5xx when the database fails, records nothing, and applies the retry once', async () => {
    const { user } = await createUser(t);
    const event = subscriptionEvent({
      type: 'customer.subscription.created',
      userId: user.id,
      subscriptionId: 'sub_dbfail',
      created: nowSeconds(),
      status: 'active',
    });
    const payload = JSON.stringify(event);
    // Every new history row violates this constraint, so the effect fails after the event id was inserted.
    await t.db.db.execute(sql`alter table billing_history add constraint reject_all check (false) not valid`);
    try {
      const failed = await deliver(payload, sign(payload));
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.db.db.execute(sql`alter table billing_history drop constraint reject_all`);
    }
    expect(await t.db.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toHaveLength(0);
    expect((await reloadUser(t, user.id)).stripeSubscriptionId).toBeNull();

    const retried = await deliver(payload, sign(payload));
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.outcome).toBe('applied');
    expect(await t.db.db.select().from(billingHistory).where(eq(billingHistory.eventId, event.id))).toHaveLength(1);
    expect(effectivePlan(await reloadUser(t, user.id), t.clock.now())).toBe('pro');
  });
});
