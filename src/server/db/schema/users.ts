import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Every column of docs/product/data.md `users`, plus `role` (admin rights, added for feature-flag management).
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
    lastResetDate: timestamptz().notNull().defaultNow(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    subscriptionTier: text({ enum: ['free', 'pro', 'enterprise'] })
      .notNull()
      .default('free'),
    subscriptionStatus: text().notNull().default('inactive'),
    subscriptionPeriodEnd: timestamptz(),
    trialUsed: boolean().notNull().default(false),
    trialExpiration: timestamptz(),
    preferences: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    avatar: text(),
    provider: text().notNull().default('local'),
    providerId: text(),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    failedLoginAttempts: integer().notNull().default(0),
    lastFailedLogin: timestamptz(),
    accountLocked: boolean().notNull().default(false),
    lockoutExpires: timestamptz(),
    analyticsOptOut: boolean().notNull().default(false),
    lastPasswordChange: timestamptz(),
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
