import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { ideas } from './ideas.ts';
import { searchResults, searches } from './searches.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

// docs/product/sharing-and-exports.md and teams.md: `idea_shares`, `comments` and `activity_feed` (issue 18, ADR 020, ADR 026). A share is
// about one analysis (searchId) or one idea (ideaId), and names a team or one user; an expired
// share grants nothing. Comments likewise belong to one analysis or one idea.
export const ideaShares = pgTable(
  'idea_shares',
  {
    id: serial().primaryKey(),
    searchId: integer().references(() => searches.id, { onDelete: 'cascade' }),
    ideaId: integer().references(() => ideas.id, { onDelete: 'cascade' }),
    teamId: integer().references(() => teams.id, { onDelete: 'cascade' }),
    sharedWith: integer().references(() => users.id, { onDelete: 'cascade' }),
    sharedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    canEdit: boolean().notNull().default(false),
    canComment: boolean().notNull().default(true),
    canShare: boolean().notNull().default(false),
    sharedAt: timestamptz().notNull(),
    expiresAt: timestamptz(),
  },
  (t) => [
    check('idea_shares_one_target', sql`(${t.teamId} is null) <> (${t.sharedWith} is null)`),
    check('idea_shares_one_subject', sql`(${t.searchId} is null) <> (${t.ideaId} is null)`),
    index('idea_shares_search_idx').on(t.searchId),
    index('idea_shares_idea_idx').on(t.ideaId),
    index('idea_shares_team_idx').on(t.teamId),
    index('idea_shares_user_idx').on(t.sharedWith),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: serial().primaryKey(),
    searchId: integer().references(() => searches.id, { onDelete: 'cascade' }),
    ideaId: integer().references(() => ideas.id, { onDelete: 'cascade' }),
    /** One opportunity of the analysis the comment is about (null: the whole analysis). */
    opportunityId: integer().references(() => searchResults.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userEmail: varchar({ length: 254 }).notNull(),
    content: text().notNull(),
    parentId: integer().references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    isResolved: boolean().notNull().default(false),
    createdAt: timestamptz().notNull(),
    editedAt: timestamptz(),
  },
  (t) => [
    check('comments_one_subject', sql`(${t.searchId} is null) <> (${t.ideaId} is null)`),
    index('comments_search_idx').on(t.searchId, t.createdAt),
    index('comments_idea_idx').on(t.ideaId, t.createdAt),
  ],
);

export const commentReactions = pgTable(
  'comment_reactions',
  {
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: varchar({ length: 16 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId, t.emoji] })],
);

export const activityFeed = pgTable(
  'activity_feed',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The analysis the event is about (null for team events such as a member joining). */
    searchId: integer().references(() => searches.id, { onDelete: 'cascade' }),
    /** The idea the event is about (null for analyses and team events). */
    ideaId: integer().references(() => ideas.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    userEmail: varchar({ length: 254 }).notNull(),
    action: varchar({ length: 20, enum: ['joined', 'shared', 'commented', 'resolved'] }).notNull(),
    details: jsonb().$type<Record<string, string | number | null>>().notNull().default({}),
    entityType: varchar({ length: 20 }).notNull(),
    entityId: integer(),
    timestamp: timestamptz().notNull(),
  },
  (t) => [index('activity_feed_team_idx').on(t.teamId, t.timestamp.desc(), t.id.desc())],
);

export type IdeaShareRow = typeof ideaShares.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
