import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminPlanChangeSchema, adminUserSchema } from '#shared/admin/admin.schemas.ts';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import type { PlanId } from '#shared/plans/plans.constants.ts';
import type { Database, Tx } from '../../db/client.ts';
import { billingSubscriptions, users } from '../../db/schema/index.ts';
import { auditAdminAction, requireAdmin } from '../../lib/http/admin-guard.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import {
  applyBillingEvent,
  eventTime,
  type BillingEvent,
  type SubscriptionSnapshot,
} from './billing-events.service.ts';
import { DEMO_PERIOD_MS } from './demo.provider.ts';

// PUT /api/admin/users/:id/plan: an admin gives a user a plan through the demo provider only — the
// change is a demo subscription event through the same state machine as a checkout (billing-events.service.ts),
// so history, effective plan and API-key rights follow as they would for a purchase. With Stripe, a
// plan is changed in Stripe (the console would otherwise grant a plan nobody pays for).

async function setPlanWithDemoProvider(options: {
  db: Database;
  userId: number;
  plan: PlanId;
  now: Date;
  audit: (tx: Tx, from: PlanId) => Promise<void>;
}): Promise<void> {
  const { db, userId, plan, now, audit } = options;
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('This user');
    const from = effectivePlan(user, now);
    const [live] = user.stripeSubscriptionId
      ? await tx
          .select()
          .from(billingSubscriptions)
          .where(and(eq(billingSubscriptions.id, user.stripeSubscriptionId), eq(billingSubscriptions.isDeleted, false)))
      : [];
    const created = eventTime(now);
    const base = { id: `demo_evt_${randomUUID()}`, provider: 'demo' as const, created };
    let event: BillingEvent | null = null;
    if (plan === 'free') {
      if (live) {
        const snapshot: SubscriptionSnapshot = {
          id: live.id,
          customerId: live.customerId,
          userId,
          tier: live.tier === 'enterprise' ? 'enterprise' : 'pro',
          status: 'canceled',
          currentPeriodEnd: live.currentPeriodEnd,
          cancelAtPeriodEnd: false,
          endedAt: created,
        };
        event = { ...base, type: 'subscription.deleted', subscription: snapshot };
      }
    } else {
      const periodEnd = new Date(now.getTime() + DEMO_PERIOD_MS);
      const snapshot: SubscriptionSnapshot = {
        id: live?.id ?? `demo_sub_${randomUUID()}`,
        customerId: live?.customerId ?? user.stripeCustomerId ?? `demo_cus_${userId}`,
        userId,
        tier: plan,
        status: 'active',
        currentPeriodEnd:
          live?.currentPeriodEnd && live.currentPeriodEnd > periodEnd ? live.currentPeriodEnd : periodEnd,
        cancelAtPeriodEnd: false,
        endedAt: null,
      };
      event = { ...base, type: live ? 'subscription.updated' : 'subscription.created', subscription: snapshot };
    }
    if (event) await applyBillingEvent({ tx, event, now });
    await audit(tx, from);
  });
}

export const adminPlanRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock, env, overrides } = app.deps;
  const providerName = overrides.paymentProvider?.name ?? env.PAYMENTS_PROVIDER;
  app.addHook('onRequest', requireAdmin);

  app.put(
    '/users/:id/plan',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Change a user's plan (demo payment provider only)",
        params: idParamsSchema,
        body: adminPlanChangeSchema,
        response: { 200: ok(adminUserSchema.pick({ id: true, plan: true, subscriptionStatus: true })) },
      },
    },
    async (request) => {
      if (providerName !== 'demo') {
        throw new AppError(
          'CONFLICT',
          'Plans can be changed here only with the demo payment provider. With Stripe, change the subscription in Stripe.',
        );
      }
      const { id } = request.params;
      const { plan } = request.body;
      const now = clock.now();
      await setPlanWithDemoProvider({
        db,
        userId: id,
        plan,
        now,
        audit: (tx, from) =>
          auditAdminAction({
            db: tx,
            request,
            event: 'admin.user_plan_change',
            resource: 'user',
            resourceId: id,
            metadata: { from, to: plan, provider: 'demo' },
          }),
      });
      const [user] = await db.select().from(users).where(eq(users.id, id));
      if (!user) throw notFound('This user');
      return {
        success: true as const,
        data: { id, plan: effectivePlan(user, now), subscriptionStatus: user.subscriptionStatus },
      };
    },
  );
};
