import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { comments } from './collaboration.ts';
import { timestamptz } from './columns.ts';
import { ideas } from './ideas.ts';
import { searches } from './searches.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

// In-app notifications and their e-mail state (issue 18, ADR 027). The spec has no notifications
// table; this one holds what the bell lists and what the mail jobs send. A notification's e-mail is
// `pending` until a job claims it (`sending`), then `sent`, or `skipped` (the user's preferences
// said no, or it was read in the app before its mail was due). The claim is one conditional UPDATE,
// so overlapping job runs never mail a notification twice.
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    /** The recipient. */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who did it (never the recipient). */
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    kind: varchar({ length: 20, enum: ['mention', 'reply', 'share', 'team_join', 'market_change'] }).notNull(),
    summary: varchar({ length: 300 }).notNull(),
    excerpt: varchar({ length: 200 }),
    searchId: integer().references(() => searches.id, { onDelete: 'cascade' }),
    ideaId: integer().references(() => ideas.id, { onDelete: 'cascade' }),
    commentId: integer().references(() => comments.id, { onDelete: 'cascade' }),
    teamId: integer().references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: timestamptz().notNull(),
    readAt: timestamptz(),
    emailStatus: varchar({ length: 10, enum: ['pending', 'sending', 'sent', 'skipped'] })
      .notNull()
      .default('pending'),
    /** When a job claimed (sending) or finished (sent/skipped) the e-mail. */
    emailedAt: timestamptz(),
    /** The mail that carried it: 'immediate' or the digest's period (e.g. 'weekly'). */
    emailBatch: text(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_email_pending_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.emailStatus} in ('pending', 'sending')`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
