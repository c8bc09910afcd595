import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ANALYTICS_EVENT_TYPES } from '#shared/analytics/analytics.constants.ts';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// docs/product/data.md `analytics_events`, plus when it happened. Never the text of a query: metadata
// holds ids, counts and categories only. ipAddress is kept for the spec's shape but never filled
// (docs/product/analytics.md).
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial().primaryKey(),
    eventType: text({ enum: ANALYTICS_EVENT_TYPES }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    metadata: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    ipAddress: text(),
    userAgent: text(),
    sessionId: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_user_created_idx').on(t.userId, t.createdAt),
    index('analytics_events_created_idx').on(t.createdAt),
  ],
);
