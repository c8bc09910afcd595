import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import {
  billingConfigSchema,
  changePlanRequestSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  demoCheckoutCompletedSchema,
  demoCheckoutParamsSchema,
  demoCheckoutSchema,
  invoiceListSchema,
  portalResponseSchema,
  subscriptionViewSchema,
} from '#shared/billing/billing.schemas.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { enforceRateLimit } from '../../lib/http/rate-limit.ts';
import { billingWebhookRoutes } from './billing-webhook.routes.ts';
import {
  changeSubscription,
  completeDemoCheckout,
  getDemoCheckout,
  getSubscriptionView,
  listInvoices,
  portalUrl,
  startCheckout,
} from './billing.service.ts';
import { createDemoProvider } from './demo.provider.ts';
import { showsDemoPaymentsNotice, type PaymentProvider, type SubscriptionChange } from './payment.provider.ts';
import { createStripeProvider, priceForPlan } from './stripe.provider.ts';
import { HOUR_MS } from '#shared/app/time.constants.ts';

const tags = ['billing'];
const subscription = ok(subscriptionViewSchema);
const ownCheckout = { access: { params: { sessionId: 'checkoutSession' } } } as const;

export const billingRoutes: FastifyPluginAsync = async (plugin) => {
  const { env, overrides } = plugin.deps;
  const stripe = env.PAYMENTS_PROVIDER === 'stripe' ? createStripeProvider(env) : null;
  const provider: PaymentProvider = overrides.paymentProvider ?? stripe ?? createDemoProvider();
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // Production without a chosen provider: nobody can change plans through checkout (the demo
  // provider would let anyone make themselves Enterprise). A provider set by a test override counts.
  const checkoutAvailable = env.PAYMENTS_PROVIDER !== 'off' || overrides.paymentProvider !== undefined;
  const requirePayments = async () => {
    if (!checkoutAvailable)
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Payments are not set up on this installation, so plans cannot be bought here. The operator sets PAYMENTS_PROVIDER to enable them.',
      );
  };
  const deps = () => ({ db: app.deps.db, provider, now: app.deps.clock.now() });
  app.deps.healthReports.set('payments', () => ({ provider: provider.name, webhook: stripe !== null }));

  if (stripe) await app.register(billingWebhookRoutes(stripe), { prefix: '/webhook' });

  // What the pricing and subscribe pages need to label the checkout honestly.
  app.get(
    '/config',
    { schema: { tags, summary: 'Payment provider in use', response: { 200: ok(billingConfigSchema) } } },
    async () => ({
      success: true as const,
      data: {
        provider: provider.name,
        enterpriseCheckout:
          checkoutAvailable &&
          (provider.name === 'demo' || Boolean(stripe && priceForPlan(stripe.config, 'enterprise'))),
        checkoutAvailable,
        demoBanner: showsDemoPaymentsNotice(env, overrides.paymentProvider),
      },
    }),
  );

  app.get(
    '/subscription',
    { preHandler: requireUser, schema: { tags, summary: 'My plan and subscription', response: { 200: subscription } } },
    async (request) => ({
      success: true as const,
      data: await getSubscriptionView({ ...deps(), user: currentUser(request) }),
    }),
  );

  app.post(
    '/checkout',
    {
      preHandler: [requireUser, requirePayments],
      schema: {
        tags,
        summary: 'Start (or reuse) a checkout',
        body: checkoutRequestSchema,
        response: { 200: ok(checkoutResponseSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await enforceRateLimit({
        db: app.deps.db,
        key: `checkout:${user.id}`,
        limit: 20,
        windowMs: HOUR_MS,
        now: app.deps.clock.now(),
      });
      return { success: true as const, data: await startCheckout({ ...deps(), user, plan: request.body.plan }) };
    },
  );

  const requireDemo = async () => {
    if (provider.name !== 'demo' || !checkoutAvailable)
      throw new AppError('NOT_FOUND', 'The demo checkout is only available with the demo payment provider.');
  };

  app.get(
    '/demo-checkout/:sessionId',
    {
      preHandler: [requireDemo, requireUser],
      config: ownCheckout,
      schema: {
        tags,
        summary: 'A demo checkout',
        params: demoCheckoutParamsSchema,
        response: { 200: ok(demoCheckoutSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getDemoCheckout({ ...deps(), user: currentUser(request), sessionId: request.params.sessionId }),
    }),
  );

  app.post(
    '/demo-checkout/:sessionId/complete',
    {
      preHandler: [requireDemo, requireUser],
      config: ownCheckout,
      schema: {
        tags,
        summary: 'Pay a demo checkout (no card is charged)',
        params: demoCheckoutParamsSchema,
        response: { 200: ok(demoCheckoutCompletedSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await completeDemoCheckout({ ...deps(), user: currentUser(request), sessionId: request.params.sessionId }),
    }),
  );

  const change = (body: SubscriptionChange) => async (request: FastifyRequest) => ({
    success: true as const,
    data: await changeSubscription({ ...deps(), user: currentUser(request), change: body }),
  });

  app.post(
    '/subscription/cancel',
    { preHandler: requireUser, schema: { tags, summary: 'Cancel at period end', response: { 200: subscription } } },
    change({ cancelAtPeriodEnd: true }),
  );
  app.post(
    '/subscription/resume',
    { preHandler: requireUser, schema: { tags, summary: 'Undo a cancellation', response: { 200: subscription } } },
    change({ cancelAtPeriodEnd: false }),
  );
  app.post(
    '/subscription/change',
    {
      preHandler: [requireUser, requirePayments],
      schema: { tags, summary: 'Change plan', body: changePlanRequestSchema, response: { 200: subscription } },
    },
    async (request) => change({ plan: request.body.plan })(request),
  );

  app.post(
    '/portal',
    {
      preHandler: requireUser,
      schema: { tags, summary: "The provider's billing portal", response: { 200: ok(portalResponseSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: { url: await portalUrl({ provider, user: currentUser(request), returnUrl: `${env.PUBLIC_URL}/billing` }) },
    }),
  );

  app.get(
    '/invoices',
    { preHandler: requireUser, schema: { tags, summary: 'My invoices', response: { 200: ok(invoiceListSchema) } } },
    async (request) => ({
      success: true as const,
      data: { invoices: await listInvoices({ provider, user: currentUser(request) }) },
    }),
  );
};
