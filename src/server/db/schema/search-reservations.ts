import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// One row per search in flight (docs/decisions/005, 011): the quota unit it reserved before the
// engine ran, in which quota month, and until when the reservation holds. Settling or releasing a
// search deletes its row; a row left by a crashed process expires and its unit is given back.
export const searchReservations = pgTable(
  'search_reservations',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quotaMonth: text().notNull(),
    startedAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index('search_reservations_user_idx').on(t.userId), index('search_reservations_expires_idx').on(t.expiresAt)],
);
