import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// docs/product/teams.md: `teams` and `team_members`, plus `team_invitations` (issue 18, ADR 020). The owner is the
// member whose role is 'owner' (one per team, by the partial unique index) and teams.ownerId names
// the same user; both change together in the ownership transfer's transaction.
export const teams = pgTable(
  'teams',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(''),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz().notNull(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar({ length: 254 }).notNull(),
    role: varchar({ length: 10, enum: ['owner', 'admin', 'member', 'viewer'] })
      .notNull()
      .default('member'),
    joinedAt: timestamptz().notNull(),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    status: varchar({ length: 10 }).notNull().default('active'),
  },
  (t) => [
    uniqueIndex('team_members_team_user_unique').on(t.teamId, t.userId),
    uniqueIndex('team_members_one_owner')
      .on(t.teamId)
      .where(sql`${t.role} = 'owner'`),
    index('team_members_user_idx').on(t.userId),
  ],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: varchar({ length: 254 }).notNull(),
    role: varchar({ length: 10, enum: ['admin', 'member', 'viewer'] })
      .notNull()
      .default('member'),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** sha256 of the mailed token (the token is an HMAC of the invitation id with the server secret). */
    tokenHash: varchar({ length: 64 }).unique(),
    status: varchar({ length: 10, enum: ['pending', 'accepted', 'declined', 'revoked'] })
      .notNull()
      .default('pending'),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    respondedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('team_invitations_one_pending')
      .on(t.teamId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index('team_invitations_team_idx').on(t.teamId),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
