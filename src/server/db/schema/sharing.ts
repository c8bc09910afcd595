import { boolean, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { searches } from './searches.ts';
import { users } from './users.ts';

// docs/product/data.md `share_links`, plus createdAt. The token is stored as issued: its owner copies
// the link again from the list, and it grants read access to one analysis only.
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchId: integer()
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    token: varchar({ length: 64 }).notNull().unique(),
    createdAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz(),
    viewCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    lastAccessedAt: timestamptz(),
  },
  (t) => [index('share_links_search_idx').on(t.searchId), index('share_links_user_idx').on(t.userId)],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;
