import { boolean, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// docs/product/data.md feature_flags / user_feature_flags. A per-user row overrides the flag's own rules.
export const featureFlags = pgTable('feature_flags', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  description: text(),
  enabled: boolean().notNull().default(false),
  rolloutPercentage: integer().notNull().default(0),
  allowedTiers: jsonb().$type<string[]>().notNull().default([]),
  allowedUserIds: jsonb().$type<number[]>().notNull().default([]),
  createdAt: timestamptz().notNull().defaultNow(),
  updatedAt: timestamptz().notNull().defaultNow(),
});
export type FeatureFlagRow = typeof featureFlags.$inferSelect;

export const userFeatureFlags = pgTable(
  'user_feature_flags',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    featureFlagId: integer()
      .notNull()
      .references(() => featureFlags.id, { onDelete: 'cascade' }),
    enabled: boolean().notNull(),
    enabledAt: timestamptz(),
    disabledAt: timestamptz(),
  },
  (t) => [unique('user_feature_flags_user_flag_unique').on(t.userId, t.featureFlagId)],
);
