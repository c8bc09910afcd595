import Stripe from 'stripe';
import type { PaidPlanId } from '#shared/billing/billing.schemas.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { BillingEvent, SubscriptionSnapshot } from './billing-events.service.ts';
import type { PaymentProvider } from './payment.provider.ts';

// Stripe: Checkout Sessions for subscriptions, the customer portal for cards and invoices, and
// webhook events translated into BillingEvents. The users table is only written by the handler.

/** Stripe's recommended tolerance: a signed payload older than this is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeConfig = Pick<
  Env,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICE_PRO' | 'STRIPE_PRICE_ENTERPRISE' | 'PUBLIC_URL'
>;

function required(value: string | undefined, name: string): string {
  // env.ts already refuses to start without these when PAYMENTS_PROVIDER=stripe.
  if (!value) throw new Error(`${name} is required when PAYMENTS_PROVIDER=stripe`);
  return value;
}

export function priceForPlan(config: StripeConfig, plan: PaidPlanId): string | undefined {
  return plan === 'pro' ? config.STRIPE_PRICE_PRO : config.STRIPE_PRICE_ENTERPRISE;
}

function planForPrice(
  config: StripeConfig,
  priceId: string | undefined,
  metadataPlan: string | undefined,
): PaidPlanId | null {
  if (priceId && priceId === config.STRIPE_PRICE_PRO) return 'pro';
  if (priceId && priceId === config.STRIPE_PRICE_ENTERPRISE) return 'enterprise';
  if (metadataPlan === 'pro' || metadataPlan === 'enterprise') return metadataPlan;
  return null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function userIdFrom(metadata: Stripe.Metadata | null | undefined, reference?: string | null): number | null {
  const raw = metadata?.userId ?? reference ?? null;
  const id = raw === null ? NaN : Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function snapshotFromStripe(config: StripeConfig, sub: Stripe.Subscription): SubscriptionSnapshot | null {
  const item = sub.items.data[0];
  const tier = planForPrice(config, item?.price.id, sub.metadata.plan);
  if (!tier) return null;
  // Since API 2025-03 the period lives on the items.
  const periodEnds = sub.items.data.map((i) => i.current_period_end).filter((n) => typeof n === 'number');
  const customerId = idOf(sub.customer);
  if (!customerId) return null;
  return {
    id: sub.id,
    customerId,
    userId: userIdFrom(sub.metadata),
    tier,
    status: sub.status,
    currentPeriodEnd: periodEnds.length > 0 ? new Date(Math.max(...periodEnds) * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end || (sub.cancel_at !== null && sub.status === 'active'),
    endedAt: sub.ended_at ? new Date(sub.ended_at * 1000) : null,
  };
}

/** Stripe event → BillingEvent; null for a type this app does not act on (acknowledged, no effect). */
export function billingEventFromStripe(config: StripeConfig, event: Stripe.Event): BillingEvent | null {
  const base = { id: event.id, provider: 'stripe' as const, created: new Date(event.created * 1000) };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const customerId = idOf(session.customer);
      if (session.mode !== 'subscription' || !customerId) return null;
      return {
        ...base,
        type: 'checkout.completed',
        checkout: {
          providerSessionId: session.id,
          userId: userIdFrom(session.metadata, session.client_reference_id),
          customerId,
          subscriptionId: idOf(session.subscription),
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = snapshotFromStripe(config, event.data.object);
      if (!subscription) return null;
      const type =
        event.type === 'customer.subscription.created'
          ? 'subscription.created'
          : event.type === 'customer.subscription.updated'
            ? 'subscription.updated'
            : 'subscription.deleted';
      return { ...base, type, subscription };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const customerId = idOf(invoice.customer);
      if (!customerId) return null;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null);
      return { ...base, type: 'payment.failed', invoice: { customerId, subscriptionId } };
    }
    default:
      return null;
  }
}

export type StripeProvider = PaymentProvider & {
  /** Verifies the signature on the raw body (throws Stripe's SignatureVerificationError) and parses the event. */
  verifyWebhook: (rawBody: Buffer, signature: string, now: Date) => Stripe.Event;
  config: StripeConfig;
};

/** `client` is for tests that point the SDK at a local fake of Stripe's API (host, port, protocol). */
export function createStripeProvider(config: StripeConfig, client: Stripe.StripeConfig = {}): StripeProvider {
  const stripe = new Stripe(required(config.STRIPE_SECRET_KEY, 'STRIPE_SECRET_KEY'), client);
  const webhookSecret = required(config.STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET');
  return {
    name: 'stripe',
    config,
    verifyWebhook: (rawBody, signature, now) =>
      stripe.webhooks.constructEvent(
        rawBody,
        signature,
        webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        now.getTime(),
      ),
    createCheckout: async ({ userId, email, customerId, plan, idempotencyKey, expiresAt }) => {
      const price = priceForPlan(config, plan);
      if (!price) throw new AppError('BAD_REQUEST', 'This plan is sold through our sales team. Please contact sales.');
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          ...(customerId ? { customer: customerId } : { customer_email: email }),
          client_reference_id: String(userId),
          metadata: { userId: String(userId), plan },
          subscription_data: { metadata: { userId: String(userId), plan } },
          success_url: `${config.PUBLIC_URL}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${config.PUBLIC_URL}/subscribe`,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
        },
        { idempotencyKey },
      );
      if (!session.url)
        throw new AppError('SERVICE_UNAVAILABLE', 'The payment provider did not return a checkout page.');
      return { providerSessionId: session.id, url: session.url, expiresAt };
    },
    updateSubscription: async (current, change) => {
      const params: Stripe.SubscriptionUpdateParams = {};
      if (change.cancelAtPeriodEnd !== undefined) params.cancel_at_period_end = change.cancelAtPeriodEnd;
      if (change.plan) {
        const existing = await stripe.subscriptions.retrieve(current.id);
        const item = existing.items.data[0];
        const price = priceForPlan(config, change.plan);
        if (!item || !price)
          throw new AppError('BAD_REQUEST', 'This plan cannot be bought online. Please contact sales.');
        params.items = [{ id: item.id, price }];
        params.proration_behavior = 'create_prorations';
        params.metadata = { ...existing.metadata, plan: change.plan };
      }
      const updated = await stripe.subscriptions.update(current.id, params);
      const snapshot = snapshotFromStripe(config, updated);
      if (!snapshot)
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The payment provider returned a subscription this app does not recognise.',
        );
      return snapshot;
    },
    portalUrl: async (customerId, returnUrl) => {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    listInvoices: async (customerId) => {
      const list = await stripe.invoices.list({ customer: customerId, limit: 24 });
      return list.data.map((invoice) => ({
        id: invoice.id ?? '',
        createdAt: new Date(invoice.created * 1000).toISOString(),
        amountCents: invoice.amount_due,
        currency: invoice.currency,
        status: invoice.status ?? 'draft',
        url: invoice.hosted_invoice_url ?? null,
      }));
    },
  };
}
