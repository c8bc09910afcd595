import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePlanRequestSchema, checkoutRequestSchema } from '#shared/billing/billing.schemas.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
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
import { createDemoProvider } from './demo-provider.ts';
import type { PaymentProvider, SubscriptionChange } from './payment-provider.ts';
import { createStripeProvider, priceForPlan } from './stripe-provider.ts';

const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });

export const billingRoutes: FastifyPluginAsync = async (plugin) => {
  const { env, overrides } = plugin.deps;
  const stripe = env.PAYMENTS_PROVIDER === 'stripe' ? createStripeProvider(env) : null;
  const provider: PaymentProvider = overrides.paymentProvider ?? stripe ?? createDemoProvider();
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.deps.db, provider, now: app.deps.clock.now() });
  app.deps.healthReports.set('payments', () => ({ provider: provider.name, webhook: stripe !== null }));

  if (stripe) await app.register(billingWebhookRoutes(stripe), { prefix: '/webhook' });

  // What the pricing and subscribe pages need to label the checkout honestly.
  app.get('/config', async () => ({
    success: true,
    data: {
      provider: provider.name,
      enterpriseCheckout: provider.name === 'demo' || Boolean(stripe && priceForPlan(stripe.config, 'enterprise')),
    },
  }));

  app.get('/subscription', { preHandler: requireUser }, async (request) => ({
    success: true,
    data: await getSubscriptionView({ ...deps(), user: currentUser(request) }),
  }));

  app.post('/checkout', { preHandler: requireUser, schema: { body: checkoutRequestSchema } }, async (request) => {
    const user = currentUser(request);
    await enforceRateLimit({
      db: app.deps.db,
      key: `checkout:${user.id}`,
      limit: 20,
      windowMs: 60 * 60 * 1000,
      now: app.deps.clock.now(),
    });
    return { success: true, data: await startCheckout({ ...deps(), user, plan: request.body.plan }) };
  });

  const requireDemo = async () => {
    if (provider.name !== 'demo')
      throw new AppError('NOT_FOUND', 'The demo checkout is only available with the demo payment provider.');
  };

  app.get(
    '/demo-checkout/:sessionId',
    { preHandler: [requireDemo, requireUser], schema: { params: sessionParams } },
    async (request) => ({
      success: true,
      data: await getDemoCheckout({ ...deps(), user: currentUser(request), sessionId: request.params.sessionId }),
    }),
  );

  app.post(
    '/demo-checkout/:sessionId/complete',
    { preHandler: [requireDemo, requireUser], schema: { params: sessionParams } },
    async (request) => ({
      success: true,
      data: await completeDemoCheckout({ ...deps(), user: currentUser(request), sessionId: request.params.sessionId }),
    }),
  );

  const change = (body: SubscriptionChange) => async (request: FastifyRequest) => {
    const user = currentUser(request);
    await changeSubscription({ ...deps(), user, change: body });
    const [updated] = await app.deps.db.select().from(users).where(eq(users.id, user.id));
    return { success: true, data: await getSubscriptionView({ ...deps(), user: updated ?? user }) };
  };

  app.post('/subscription/cancel', { preHandler: requireUser }, change({ cancelAtPeriodEnd: true }));
  app.post('/subscription/resume', { preHandler: requireUser }, change({ cancelAtPeriodEnd: false }));
  app.post(
    '/subscription/change',
    { preHandler: requireUser, schema: { body: changePlanRequestSchema } },
    async (request) => change({ plan: request.body.plan })(request),
  );

  app.post('/portal', { preHandler: requireUser }, async (request) => ({
    success: true,
    data: { url: await portalUrl({ provider, user: currentUser(request), returnUrl: `${env.PUBLIC_URL}/billing` }) },
  }));

  app.get('/invoices', { preHandler: requireUser }, async (request) => ({
    success: true,
    data: { invoices: await listInvoices({ provider, user: currentUser(request) }) },
  }));
};
