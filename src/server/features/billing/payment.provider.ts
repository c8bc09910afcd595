import type { Invoice, PaidPlanId, PaymentProviderName } from '#shared/billing/billing.schemas.ts';
import type { BillingSubscriptionRow } from '../../db/schema/index.ts';
import type { SubscriptionSnapshot } from './billing-events.service.ts';

// What the billing service needs from a payment provider. Both implementations feed the same
// event handler (billing-events.service.ts); neither writes the users subscription columns itself.

export type CheckoutInput = {
  userId: number;
  email: string;
  customerId: string | null;
  plan: PaidPlanId;
  /** Same key (and the same parameters) for a repeated request, so the provider makes one session. */
  idempotencyKey: string;
  expiresAt: Date;
  now: Date;
};

export type CreatedCheckout = { providerSessionId: string; url: string; expiresAt: Date };

export type SubscriptionChange = { cancelAtPeriodEnd?: boolean; plan?: PaidPlanId };

export type PaymentProvider = {
  name: PaymentProviderName;
  createCheckout: (input: CheckoutInput) => Promise<CreatedCheckout>;
  /** Applies a change at the provider and returns the subscription as it now stands. */
  updateSubscription: (
    current: BillingSubscriptionRow,
    change: SubscriptionChange,
    now: Date,
  ) => Promise<SubscriptionSnapshot>;
  /** The provider's self-service page for cards and invoices, when it has one. */
  portalUrl: (customerId: string, returnUrl: string) => Promise<string | null>;
  listInvoices: (customerId: string) => Promise<Invoice[]>;
};

declare module '../../app.ts' {
  interface AppOverrides {
    paymentProvider?: PaymentProvider;
  }
}

/**
 * The app says "Demo payments" on every page (the footer's notice): a production installation whose checkout
 * runs the demo provider on purpose. The server then sends the app for / too, not the pre-rendered landing
 * page, which has no notice in it (ADR 041).
 */
export function showsDemoPaymentsNotice(
  env: { NODE_ENV: string; PAYMENTS_PROVIDER: 'demo' | 'stripe' | 'off' },
  paymentProvider: PaymentProvider | undefined,
): boolean {
  const isCheckoutAvailable = env.PAYMENTS_PROVIDER !== 'off' || paymentProvider !== undefined;
  const providerName = paymentProvider?.name ?? (env.PAYMENTS_PROVIDER === 'stripe' ? 'stripe' : 'demo');
  return isCheckoutAvailable && providerName === 'demo' && env.NODE_ENV === 'production';
}
