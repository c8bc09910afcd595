import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type {
  CheckoutResponse,
  DemoCheckout,
  Invoice,
  PaidPlanId,
  SubscriptionView,
} from '#shared/billing/billing.schemas.ts';
import type { Database } from '../../db/client.ts';
import { billingHistory, billingSubscriptions, checkoutSessions, users, type UserRow } from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { checkoutSessionResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { applyBillingEvent, eventTime, handleBillingEvent, type BillingEvent } from './billing-events.service.ts';
import { CHECKOUT_TTL_MS, demoCheckoutEvents } from './demo.provider.ts';
import type { PaymentProvider, SubscriptionChange } from './payment.provider.ts';

type Deps = { db: Database; provider: PaymentProvider; now: Date };

const HISTORY_SHOWN = 20;
const PENDING_PREFIX = 'pending_';

/** A provider outage is the provider's, not ours: 503 so the client says "try again", cause kept for the log. */
function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const failure = new AppError(
    'SERVICE_UNAVAILABLE',
    'The payment provider could not be reached. Please try again in a moment.',
  );
  failure.cause = error;
  return failure;
}

/** Whether the user pays for a subscription now (a trial alone does not count). */
function hasLiveSubscription(user: UserRow, now: Date): boolean {
  return effectivePlan({ ...user, trialExpiration: null }, now) !== 'free';
}

/**
 * Starts (or reuses) a checkout. A short transaction holding the user row claims one checkout slot
 * per user and plan, so a double-clicked button or two tabs share it. The provider is called
 * outside any transaction (a network call must not hold a database connection: PGlite has only
 * one), with the slot's random id as idempotency key: two requests that found the same slot before
 * it was filled make the same call, and the provider answers both with one session.
 */
export async function startCheckout({
  db,
  provider,
  now,
  user,
  plan,
}: Deps & { user: UserRow; plan: PaidPlanId }): Promise<CheckoutResponse> {
  if (hasLiveSubscription(user, now)) {
    throw new AppError('CONFLICT', 'You already have a subscription. Change your plan from the Billing page.');
  }
  const slot = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [open] = await tx
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.userId, user.id),
          eq(checkoutSessions.status, 'open'),
          gt(checkoutSessions.expiresAt, now),
        ),
      )
      .orderBy(desc(checkoutSessions.id));
    if (open && open.plan === plan && open.provider === provider.name) return open;
    await tx
      .update(checkoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(checkoutSessions.userId, user.id), eq(checkoutSessions.status, 'open')));
    const [created] = await tx
      .insert(checkoutSessions)
      .values({
        userId: user.id,
        plan,
        provider: provider.name,
        providerSessionId: `${PENDING_PREFIX}${randomUUID()}`,
        url: '',
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      })
      .returning();
    if (!created) throw new Error('checkout slot insert returned nothing');
    return created;
  });
  if (slot.url) return { provider: provider.name, url: slot.url, sessionId: slot.providerSessionId };

  let created;
  try {
    created = await provider.createCheckout({
      userId: user.id,
      email: user.email,
      customerId: user.stripeCustomerId,
      plan,
      idempotencyKey: slot.providerSessionId,
      expiresAt: slot.expiresAt,
      now,
    });
  } catch (error) {
    // A fresh slot (and key) next time, rather than replaying this failure.
    await db.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, slot.id));
    throw providerFailure(error);
  }
  await db
    .update(checkoutSessions)
    .set({ providerSessionId: created.providerSessionId, url: created.url, expiresAt: created.expiresAt })
    .where(eq(checkoutSessions.id, slot.id));
  return { provider: provider.name, url: created.url, sessionId: created.providerSessionId };
}

/** The user's own demo checkout, or 404 (another user's session id does not exist for them). */
async function demoSession(db: Database, userId: number, sessionId: string) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        accessibleRow(checkoutSessionResource, sessionId, userPrincipal(userId), 'write'),
        eq(checkoutSessions.provider, 'demo'),
      ),
    );
  if (!row) throw notFound('This checkout');
  return row;
}

export async function getDemoCheckout({
  db,
  now,
  user,
  sessionId,
}: Omit<Deps, 'provider'> & { user: UserRow; sessionId: string }): Promise<DemoCheckout> {
  const row = await demoSession(db, user.id, sessionId);
  const status = row.status === 'open' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
  return { sessionId: row.providerSessionId, plan: row.plan, status, expiresAt: row.expiresAt.toISOString() };
}

/**
 * "Pays" a demo checkout: claims the open session and applies the events Stripe would send, in one
 * transaction, through the same handler as the webhook. A second click finds the session completed.
 */
export async function completeDemoCheckout({
  db,
  now,
  user,
  sessionId,
}: Omit<Deps, 'provider'> & { user: UserRow; sessionId: string }): Promise<{ plan: PaidPlanId }> {
  const row = await demoSession(db, user.id, sessionId);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(checkoutSessions)
      .set({ status: 'completed' })
      .where(
        and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, 'open'), gt(checkoutSessions.expiresAt, now)),
      )
      .returning();
    if (!claimed) {
      const [current] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, row.id));
      if (current?.status === 'completed') return { plan: row.plan };
      throw new AppError('CONFLICT', 'This checkout has expired. Choose your plan again to start a new one.');
    }
    const [fresh] = await tx.select().from(users).where(eq(users.id, user.id));
    for (const event of demoCheckoutEvents(claimed, fresh?.stripeCustomerId ?? null, now))
      await applyBillingEvent({ tx, event, now });
    return { plan: claimed.plan };
  });
}

async function liveSubscription(db: Database, user: UserRow) {
  if (!user.stripeSubscriptionId) return null;
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.id, user.stripeSubscriptionId));
  return row && !row.isDeleted ? row : null;
}

export async function getSubscriptionView({
  db,
  provider,
  now,
  user,
}: Deps & { user: UserRow }): Promise<SubscriptionView> {
  const row = await liveSubscription(db, user);
  const history = await db
    .select()
    .from(billingHistory)
    .where(eq(billingHistory.userId, user.id))
    .orderBy(desc(billingHistory.createdAt), desc(billingHistory.id))
    .limit(HISTORY_SHOWN);
  return {
    provider: provider.name,
    plan: effectivePlan(user, now),
    subscription:
      row && row.tier !== 'free'
        ? {
            tier: row.tier,
            status: row.status,
            currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
            cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          }
        : null,
    trialExpiration: user.trialExpiration && user.trialExpiration > now ? user.trialExpiration.toISOString() : null,
    canManageInPortal: provider.name === 'stripe' && user.stripeCustomerId !== null,
    history: history.map((h) => ({ kind: h.kind, summary: h.summary, at: h.createdAt.toISOString() })),
  };
}

/**
 * Cancel at period end, resume, or change plan: the provider makes the change and its answer goes
 * through the event handler like any webhook (the webhook for the same change then finds nothing
 * new). Answers the subscription as it now stands.
 */
export async function changeSubscription({
  db,
  provider,
  now,
  user,
  change,
}: Deps & { user: UserRow; change: SubscriptionChange }): Promise<SubscriptionView> {
  await applySubscriptionChange({ db, provider, now, user, change });
  const [updated] = await db.select().from(users).where(eq(users.id, user.id));
  return getSubscriptionView({ db, provider, now, user: updated ?? user });
}

async function applySubscriptionChange({
  db,
  provider,
  now,
  user,
  change,
}: Deps & { user: UserRow; change: SubscriptionChange }): Promise<void> {
  const row = await liveSubscription(db, user);
  if (!row || !hasLiveSubscription(user, now)) {
    throw new AppError('CONFLICT', 'You have no active subscription to change.');
  }
  const isNoop =
    (change.cancelAtPeriodEnd === undefined || change.cancelAtPeriodEnd === row.cancelAtPeriodEnd) &&
    (change.plan === undefined || change.plan === row.tier);
  if (isNoop) return;
  const snapshot = await provider.updateSubscription(row, change, now).catch((error: unknown) => {
    throw providerFailure(error);
  });
  const created = eventTime(now);
  const event: BillingEvent = {
    id: `${provider.name}_sync_${randomUUID()}`,
    provider: provider.name,
    created,
    type: 'subscription.updated',
    subscription: snapshot,
  };
  await handleBillingEvent({ db, event, now });
}

export async function portalUrl({
  provider,
  user,
  returnUrl,
}: Pick<Deps, 'provider'> & { user: UserRow; returnUrl: string }): Promise<string> {
  if (!user.stripeCustomerId) throw new AppError('NOT_FOUND', 'You have no billing account yet.');
  const url = await provider.portalUrl(user.stripeCustomerId, returnUrl).catch((error: unknown) => {
    throw providerFailure(error);
  });
  if (!url) throw new AppError('BAD_REQUEST', 'The demo payment provider has no customer portal: no card is on file.');
  return url;
}

export async function listInvoices({ provider, user }: Pick<Deps, 'provider'> & { user: UserRow }): Promise<Invoice[]> {
  if (!user.stripeCustomerId) return [];
  return provider.listInvoices(user.stripeCustomerId).catch((error: unknown) => {
    throw providerFailure(error);
  });
}
