import { createHash, randomUUID } from 'node:crypto';
import { DEMO_PERIOD_DAYS } from '#shared/billing/billing.schemas.ts';
import type { CheckoutSessionRow } from '../../db/schema/index.ts';
import { eventTime, type BillingEvent } from './billing-events.service.ts';
import type { PaymentProvider } from './payment.provider.ts';
import { DAY_MS, HOUR_MS } from '#shared/app/time.constants.ts';

// The built-in provider used when PAYMENTS_PROVIDER is unset: checkout is a page of this app that
// says no card is charged, and "paying" emits the same events Stripe would send, through the same
// handler. A demo subscription runs for one period and does not renew (nothing is ever charged).

export const DEMO_PERIOD_MS = DEMO_PERIOD_DAYS * DAY_MS;
// Stripe accepts 30 minutes to 24 hours; an hour leaves room between claiming the slot and the call.
export const CHECKOUT_TTL_MS = HOUR_MS;

export function demoCheckoutPath(providerSessionId: string): string {
  return `/billing/demo-checkout/${encodeURIComponent(providerSessionId)}`;
}

export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',
    createCheckout: async ({ idempotencyKey, expiresAt }) => {
      // Like Stripe, the same idempotency key gives the same session.
      const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
      const providerSessionId = `demo_cs_${digest}`;
      return {
        providerSessionId,
        url: demoCheckoutPath(providerSessionId),
        expiresAt,
      };
    },
    updateSubscription: async (current, change) => ({
      id: current.id,
      customerId: current.customerId,
      userId: current.userId,
      tier: change.plan ?? (current.tier === 'enterprise' ? 'enterprise' : 'pro'),
      status: current.status,
      currentPeriodEnd: current.currentPeriodEnd,
      cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? current.cancelAtPeriodEnd,
      endedAt: null,
    }),
    portalUrl: async () => null,
    listInvoices: async () => [],
  };
}

/** The events Stripe sends for a completed subscription checkout, for a demo checkout. */
export function demoCheckoutEvents(session: CheckoutSessionRow, customerId: string | null, now: Date): BillingEvent[] {
  const customer = customerId ?? `demo_cus_${session.userId}`;
  const subscriptionId = `demo_sub_${randomUUID()}`;
  const created = eventTime(now);
  return [
    {
      id: `demo_evt_${randomUUID()}`,
      provider: 'demo',
      created,
      type: 'checkout.completed',
      checkout: {
        providerSessionId: session.providerSessionId,
        userId: session.userId,
        customerId: customer,
        subscriptionId,
      },
    },
    {
      id: `demo_evt_${randomUUID()}`,
      provider: 'demo',
      created,
      type: 'subscription.created',
      subscription: {
        id: subscriptionId,
        customerId: customer,
        userId: session.userId,
        tier: session.plan,
        status: 'active',
        currentPeriodEnd: new Date(now.getTime() + DEMO_PERIOD_MS),
        cancelAtPeriodEnd: false,
        endedAt: null,
      },
    },
  ];
}
