import { z } from 'zod';
import { PLAN_IDS } from '../plans/plans.constants.ts';

// Contracts of the billing, trial and contact endpoints. Subscription columns are never accepted
// from a client: only the plan to buy or change to.

export const PAID_PLAN_IDS = ['pro', 'enterprise'] as const;
export const paidPlanSchema = z.enum(PAID_PLAN_IDS);
export type PaidPlanId = z.infer<typeof paidPlanSchema>;

/** A demo subscription's one period (it does not renew: nothing is ever charged). */
export const DEMO_PERIOD_DAYS = 30;

export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What the pricing and subscribe pages need to label the checkout honestly. */
export const billingConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  enterpriseCheckout: z.boolean(),
  /** False when the operator has not chosen a payment provider (production default): no checkout. */
  checkoutAvailable: z.boolean(),
  /** True when a production installation runs demo payments on purpose: every page says so. */
  demoBanner: z.boolean(),
});

export const checkoutRequestSchema = z.object({ plan: paidPlanSchema });
export const checkoutResponseSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Where the browser goes next: the demo checkout page or the provider's hosted checkout. */
  url: z.string(),
  sessionId: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const demoCheckoutSchema = z.object({
  sessionId: z.string(),
  plan: paidPlanSchema,
  status: z.enum(['open', 'completed', 'expired']),
  expiresAt: z.string(),
});
export type DemoCheckout = z.infer<typeof demoCheckoutSchema>;

export const changePlanRequestSchema = z.object({ plan: paidPlanSchema });

export const billingHistoryItemSchema = z.object({ kind: z.string(), summary: z.string(), at: z.string() });

export const subscriptionViewSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The plan the user has right now (trial and period end taken into account). */
  plan: z.enum(PLAN_IDS),
  subscription: z
    .object({
      tier: paidPlanSchema,
      status: z.string(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  trialExpiration: z.string().nullable(),
  canManageInPortal: z.boolean(),
  history: z.array(billingHistoryItemSchema),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });
export const portalResponseSchema = z.object({ url: z.string() });
export const demoCheckoutCompletedSchema = z.object({ plan: paidPlanSchema });
export const demoCheckoutParamsSchema = z.object({ sessionId: z.string().min(1).max(200) });

export const TRIAL_EMAIL_REQUIRED_TITLE = 'Email Required';
export const TRIAL_EMAIL_REQUIRED_TEXT = 'Please enter your email address to start your free trial.';

export const trialActivateRequestSchema = z.object({
  email: z.string().trim().min(1, TRIAL_EMAIL_REQUIRED_TEXT).pipe(z.email('Enter a valid e-mail address.')),
});
export const trialActivateResponseSchema = z.object({ plan: z.enum(PLAN_IDS), trialExpiration: z.string() });

export const TEAM_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;

export const contactRequestSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(100),
  email: z.email('Enter a valid e-mail address.'),
  company: z.string().trim().max(200).optional(),
  teamSize: z.enum(TEAM_SIZES).optional(),
  message: z.string().trim().min(20, 'Message must be at least 20 characters').max(5000),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export const contactResponseSchema = z.object({ id: z.number().int() });
