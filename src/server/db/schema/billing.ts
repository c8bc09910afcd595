import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// Payment provider events already applied. The row is inserted in the same transaction as the
// event's effect, so a redelivered or concurrently delivered event id has its effect once.
export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  provider: text({ enum: ['demo', 'stripe', 'app'] }).notNull(),
  type: text().notNull(),
  eventCreatedAt: timestamptz().notNull(),
  processedAt: timestamptz().notNull(),
});

// The provider's subscription as last seen. `lastEventAt` is the creation time of the newest event
// applied to it: an older snapshot arriving late is ignored, and a deleted subscription stays deleted.
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text().notNull(),
    tier: text({ enum: ['free', 'pro', 'enterprise'] }).notNull(),
    status: text().notNull(),
    currentPeriodEnd: timestamptz(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    isDeleted: boolean().notNull().default(false),
    lastEventAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (t) => [index('billing_subscriptions_user_idx').on(t.userId)],
);
export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;

// What happened to a user's subscription, one row per applied event: shown on /billing.
export const billingHistory = pgTable(
  'billing_history',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: text().notNull(),
    kind: text().notNull(),
    summary: text().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [index('billing_history_user_idx').on(t.userId, t.createdAt)],
);

// One open checkout per user: a double-clicked button reuses the open session instead of making a second.
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text({ enum: ['pro', 'enterprise'] }).notNull(),
    provider: text({ enum: ['demo', 'stripe'] }).notNull(),
    providerSessionId: text().notNull(),
    url: text().notNull(),
    status: text({ enum: ['open', 'completed', 'expired'] })
      .notNull()
      .default('open'),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [
    uniqueIndex('checkout_sessions_provider_id_unique').on(t.providerSessionId),
    index('checkout_sessions_user_open_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
  ],
);
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

// Enterprise sales enquiries from /contact (also e-mailed to SALES_EMAIL).
export const contactRequests = pgTable('contact_requests', {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id, { onDelete: 'set null' }),
  name: text().notNull(),
  email: text().notNull(),
  company: text(),
  teamSize: text(),
  message: text().notNull(),
  metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamptz().notNull(),
});
