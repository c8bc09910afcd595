import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Exports downloaded per user per calendar month (UTC "YYYY-MM"): the free plan's monthly allowance is
// counted here by one conditional upsert (docs/decisions/017-exports-and-sharing.md).
export const exportUsage = pgTable(
  'export_usage',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
