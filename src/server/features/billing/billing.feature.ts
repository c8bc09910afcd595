import type { FastifyPluginAsync } from 'fastify';
import { adminPlanRoutes } from './billing-admin.routes.ts';
import { billingRoutes } from './billing.routes.ts';

/** Billing: checkout, the subscription, provider webhooks, and the admin plan override. */
export const billingFeature: FastifyPluginAsync = async (app) => {
  await app.register(billingRoutes, { prefix: '/api/billing' });
  await app.register(adminPlanRoutes, { prefix: '/api/admin' });
};
