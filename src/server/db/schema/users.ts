import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name?: string) =>
  name ? timestamp(name, { withTimezone: true, mode: 'date' }) : timestamp({ withTimezone: true, mode: 'date' });

// Every column of spec §3 `users`, plus `role` (admin rights, added for feature-flag management).
// E-mails are stored lower-cased; uniqueness is on the lower-cased value.
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    password: text(),
    name: text(),
    plan: text({ enum: ['free', 'pro', 'enterprise'] })
      .notNull()
      .default('free'),
    searchCount: integer().notNull().default(0),
    lastResetDate: ts().notNull().defaultNow(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    subscriptionTier: text({ enum: ['free', 'pro', 'enterprise'] })
      .notNull()
      .default('free'),
    subscriptionStatus: text().notNull().default('inactive'),
    subscriptionPeriodEnd: ts(),
    trialUsed: boolean().notNull().default(false),
    trialExpiration: ts(),
    preferences: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    avatar: text(),
    provider: text().notNull().default('local'),
    providerId: text(),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    failedLoginAttempts: integer().notNull().default(0),
    lastFailedLogin: ts(),
    accountLocked: boolean().notNull().default(false),
    lockoutExpires: ts(),
    analyticsOptOut: boolean().notNull().default(false),
    lastPasswordChange: ts(),
    passwordExpiryWarningSent: boolean().notNull().default(false),
    forcePasswordChange: boolean().notNull().default(false),
    passwordStrengthScore: integer(),
    role: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
