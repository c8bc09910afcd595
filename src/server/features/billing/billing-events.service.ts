import { and, eq, isNull, or } from 'drizzle-orm';
import { PLANS } from '#shared/plans/plans.constants.ts';
import type { PaidPlanId } from '#shared/billing/billing.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { billingEvents, billingHistory, billingSubscriptions, checkoutSessions, users } from '../../db/schema/index.ts';

// The subscription state machine. Every change to a user's subscription columns, from Stripe's
// webhook or from the demo provider, arrives here as a BillingEvent and is applied in one
// transaction together with the record of its event id: a duplicate delivery does nothing, and a
// failure leaves no trace, so the provider's retry applies it.

export type SubscriptionSnapshot = {
  id: string;
  customerId: string;
  /** From the subscription's metadata, when the checkout set it. */
  userId: number | null;
  tier: PaidPlanId;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
};

type EventBase = { id: string; provider: 'demo' | 'stripe' | 'app'; created: Date };

export type BillingEvent = EventBase &
  (
    | {
        type: 'checkout.completed';
        checkout: {
          providerSessionId: string;
          userId: number | null;
          customerId: string;
          subscriptionId: string | null;
        };
      }
    | {
        type: 'subscription.created' | 'subscription.updated' | 'subscription.deleted';
        subscription: SubscriptionSnapshot;
      }
    | { type: 'payment.failed'; invoice: { customerId: string; subscriptionId: string | null } }
  );

export type HandleResult = { outcome: 'applied' | 'duplicate' | 'stale' | 'unmatched' };

/**
 * Event times in whole seconds, as providers send them. Changes the app makes itself are stamped
 * this way too, so the provider's webhook for the same change (same second) is not "older".
 */
export function eventTime(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 1000) * 1000);
}

const TERMINAL_STATUSES = new Set(['canceled', 'incomplete_expired']);

export async function handleBillingEvent(options: {
  db: Database;
  event: BillingEvent;
  now: Date;
}): Promise<HandleResult> {
  const { db, event, now } = options;
  return db.transaction((tx) => applyBillingEvent({ tx, event, now }));
}

/** handleBillingEvent inside a caller's transaction (the demo checkout claims its session in the same one). */
export async function applyBillingEvent(options: { tx: Tx; event: BillingEvent; now: Date }): Promise<HandleResult> {
  const { tx, event, now } = options;
  const recorded = await tx
    .insert(billingEvents)
    .values({
      id: event.id,
      provider: event.provider,
      type: event.type,
      eventCreatedAt: event.created,
      processedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (recorded.length === 0) return { outcome: 'duplicate' };
  switch (event.type) {
    case 'checkout.completed':
      return applyCheckoutCompleted(tx, event, now);
    case 'payment.failed':
      return applyPaymentFailed(tx, event);
    default:
      return applySubscription(tx, event, event.subscription, now);
  }
}

async function userExists(tx: Tx, userId: number | null): Promise<number | null> {
  if (userId === null) return null;
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}

async function userByCustomer(tx: Tx, customerId: string): Promise<number | null> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
  return row?.id ?? null;
}

async function addHistory(tx: Tx, userId: number, event: BillingEvent, summary: string): Promise<void> {
  await tx
    .insert(billingHistory)
    .values({ userId, eventId: event.id, kind: event.type, summary, createdAt: event.created });
}

async function applyCheckoutCompleted(
  tx: Tx,
  event: BillingEvent & { type: 'checkout.completed' },
  now: Date,
): Promise<HandleResult> {
  const { checkout } = event;
  const userId = (await userExists(tx, checkout.userId)) ?? (await userByCustomer(tx, checkout.customerId));
  if (userId === null) return { outcome: 'unmatched' };
  await tx
    .update(users)
    .set({ stripeCustomerId: checkout.customerId, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  await tx
    .update(checkoutSessions)
    .set({ status: 'completed' })
    .where(eq(checkoutSessions.providerSessionId, checkout.providerSessionId));
  await addHistory(tx, userId, event, 'Checkout completed');
  return { outcome: 'applied' };
}

async function applyPaymentFailed(tx: Tx, event: BillingEvent & { type: 'payment.failed' }): Promise<HandleResult> {
  const { invoice } = event;
  const [row] = invoice.subscriptionId
    ? await tx.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, invoice.subscriptionId))
    : [];
  const userId = row?.userId ?? (await userByCustomer(tx, invoice.customerId));
  if (userId === null) return { outcome: 'unmatched' };
  // The status itself (past_due, unpaid, canceled) comes with the provider's subscription.updated.
  await addHistory(tx, userId, event, 'A payment failed: update your card to keep your plan.');
  return { outcome: 'applied' };
}

function describe(
  event: BillingEvent,
  snapshot: SubscriptionSnapshot,
  previousTier: string | null,
  isDeleted: boolean,
): string {
  const name = PLANS[snapshot.tier].name;
  if (isDeleted) return `${name} subscription ended`;
  if (previousTier && previousTier !== snapshot.tier) return `Plan changed to ${name}`;
  if (event.type === 'subscription.created' || previousTier === null) return `Subscribed to ${name}`;
  if (snapshot.cancelAtPeriodEnd) return `${name} set to end at the period end`;
  return `${name} subscription ${snapshot.status}`;
}

async function applySubscription(
  tx: Tx,
  event: BillingEvent,
  snapshot: SubscriptionSnapshot,
  now: Date,
): Promise<HandleResult> {
  const isDeleted = event.type === 'subscription.deleted' || TERMINAL_STATUSES.has(snapshot.status);
  const values = {
    customerId: snapshot.customerId,
    tier: snapshot.tier,
    status: isDeleted ? 'canceled' : snapshot.status,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    isDeleted,
    lastEventAt: event.created,
    updatedAt: now,
  };

  const [existing] = await tx
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.id, snapshot.id))
    .for('update');
  let userId: number;
  let previousTier: string | null = null;
  if (existing) {
    // Out-of-order safety: a deleted subscription stays deleted, and an event older than the
    // newest one applied carries an older snapshot.
    if (existing.isDeleted || event.created.getTime() < existing.lastEventAt.getTime()) return { outcome: 'stale' };
    userId = existing.userId;
    previousTier = existing.tier;
    await tx.update(billingSubscriptions).set(values).where(eq(billingSubscriptions.id, snapshot.id));
  } else {
    const found = (await userExists(tx, snapshot.userId)) ?? (await userByCustomer(tx, snapshot.customerId));
    if (found === null) return { outcome: 'unmatched' };
    userId = found;
    const inserted = await tx
      .insert(billingSubscriptions)
      .values({ id: snapshot.id, userId, ...values })
      .onConflictDoNothing()
      .returning({ id: billingSubscriptions.id });
    // A concurrent event for the same new subscription inserted it first: apply on top of it.
    if (inserted.length === 0) return applySubscription(tx, event, snapshot, now);
  }

  await mirrorToUser(tx, userId, snapshot, isDeleted, event.created, now);
  await addHistory(tx, userId, event, describe(event, snapshot, previousTier, isDeleted));
  return { outcome: 'applied' };
}

/** Copies the subscription onto the users columns that effectivePlan() reads. */
async function mirrorToUser(
  tx: Tx,
  userId: number,
  snapshot: SubscriptionSnapshot,
  isDeleted: boolean,
  eventCreated: Date,
  now: Date,
): Promise<void> {
  const status = isDeleted
    ? 'canceled'
    : snapshot.cancelAtPeriodEnd && snapshot.status === 'active'
      ? 'canceling'
      : snapshot.status;
  // An ended subscription is paid up to when it ended (an immediate cancel ends before the period does).
  const periodEnd = isDeleted ? (snapshot.endedAt ?? eventCreated) : snapshot.currentPeriodEnd;
  const set = {
    stripeCustomerId: snapshot.customerId,
    stripeSubscriptionId: snapshot.id,
    subscriptionTier: snapshot.tier,
    subscriptionStatus: status,
    subscriptionPeriodEnd: periodEnd,
    plan: isDeleted ? ('free' as const) : snapshot.tier,
    updatedAt: now,
  };
  // A live subscription becomes the user's subscription; an ended one only updates the user when it
  // is the one the user currently has (ending an old subscription must not undo a newer one).
  const where = isDeleted
    ? and(eq(users.id, userId), or(isNull(users.stripeSubscriptionId), eq(users.stripeSubscriptionId, snapshot.id)))
    : eq(users.id, userId);
  await tx.update(users).set(set).where(where);
}
