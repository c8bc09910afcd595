import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { TestApp } from './test-app.ts';

// Signed Stripe webhook deliveries for tests, made with stripe's own test-header helper (no network).

export const WEBHOOK_SECRET = 'whsec_test_secret_for_unbuilt';
export const STRIPE_TEST_ENV = {
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_unbuilt_offline',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_PRO: 'price_pro_test',
  STRIPE_PRICE_ENTERPRISE: 'price_enterprise_test',
};
const DAY = 24 * 60 * 60;
const stripe = new Stripe(STRIPE_TEST_ENV.STRIPE_SECRET_KEY);

export function nowSeconds(t: TestApp): number {
  return Math.floor(t.clock.now().getTime() / 1000);
}

export function eventId(): string {
  return `evt_test_${randomBytes(8).toString('hex')}`;
}

export function subscriptionEvent(options: {
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
  userId: number;
  subscriptionId: string;
  created: number;
  status: string;
  price?: string;
  cancelAtPeriodEnd?: boolean;
  periodEnd?: number;
  endedAt?: number | null;
}) {
  return {
    id: eventId(),
    object: 'event',
    type: options.type,
    created: options.created,
    data: {
      object: {
        id: options.subscriptionId,
        object: 'subscription',
        customer: `cus_${options.userId}`,
        status: options.status,
        cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
        cancel_at: null,
        ended_at: options.endedAt ?? null,
        metadata: { userId: String(options.userId), plan: 'pro' },
        items: {
          object: 'list',
          data: [
            {
              id: `si_${options.subscriptionId}`,
              price: { id: options.price ?? STRIPE_TEST_ENV.STRIPE_PRICE_PRO },
              current_period_end: options.periodEnd ?? options.created + 30 * DAY,
            },
          ],
        },
      },
    },
  };
}

export function signPayload(
  t: TestApp,
  payload: string,
  options: { timestamp?: number; secret?: string } = {},
): string {
  return stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? nowSeconds(t),
  });
}

export function deliverWebhook(t: TestApp, payload: string, signature: string | null, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

/** Signs and delivers an event object; returns the response. */
export function sendEvent(t: TestApp, event: object) {
  const payload = JSON.stringify(event);
  return deliverWebhook(t, payload, signPayload(t, payload));
}
