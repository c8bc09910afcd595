import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { fullName } from '#shared/auth/display-name.ts';
import { handleMatches, parseMentions } from '#shared/notifications/mentions.ts';
import type { NotificationKind } from '#shared/notifications/notifications.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import {
  comments,
  ideas,
  notifications,
  searches,
  teamMembers,
  teams,
  users,
  type CommentRow,
} from '../../db/schema/index.ts';
import { accessibleRow, type ResourcePolicy } from '../access/policy.ts';
import { userPrincipal } from '../access/principal.ts';
import { sharedIdeaResource, sharedSearchResource } from '../access/resources.ts';

// What creates notifications (ADR 027), in lib/ like the audit log: called by the comments, shares and invitations services
// inside their own transactions, so an event and its notifications are stored together. The actor
// is never notified; a person is notified about an analysis only if the sharing policy lets them
// read it at that moment, so a mention of anyone else notifies nobody and reveals nothing.

type Db = Database | Tx;
/** What a share or a comment is about: exactly one of the two is set (ADR 026). */
type SubjectColumns = { searchId: number | null; ideaId: number | null };
type NewNotification = {
  userId: number;
  kind: NotificationKind;
  summary: string;
  excerpt?: string | null;
  searchId?: number | null;
  ideaId?: number | null;
  commentId?: number | null;
  teamId?: number | null;
};
type Subject = { policy: ResourcePolicy; id: number; title: string; ownerId: number; columns: SubjectColumns };

const EXCERPT_LENGTH = 140;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

async function insertAll(db: Db, actorId: number, now: Date, rows: NewNotification[]): Promise<void> {
  const kept = rows.filter((r) => r.userId !== actorId);
  if (kept.length === 0) return;
  await db.insert(notifications).values(
    kept.map((r) => ({
      userId: r.userId,
      actorId,
      kind: r.kind,
      summary: clip(r.summary, 300),
      excerpt: r.excerpt ?? null,
      searchId: r.searchId ?? null,
      ideaId: r.ideaId ?? null,
      commentId: r.commentId ?? null,
      teamId: r.teamId ?? null,
      createdAt: now,
    })),
  );
}

async function nameOf(db: Db, userId: number): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ? fullName(user) : 'Someone';
}

/** The analysis or idea a row is about, with its title and owner (null when it is gone). */
async function loadSubject(db: Db, of: SubjectColumns): Promise<Subject | null> {
  const columns = { searchId: of.searchId, ideaId: of.ideaId };
  if (columns.searchId !== null) {
    const [row] = await db
      .select({ title: searches.query, ownerId: searches.userId })
      .from(searches)
      .where(eq(searches.id, columns.searchId));
    return row ? { policy: sharedSearchResource, id: columns.searchId, ...row, columns } : null;
  }
  if (columns.ideaId !== null) {
    const [row] = await db
      .select({ title: ideas.title, ownerId: ideas.userId })
      .from(ideas)
      .where(eq(ideas.id, columns.ideaId));
    return row ? { policy: sharedIdeaResource, id: columns.ideaId, ...row, columns } : null;
  }
  return null;
}

/** Whether the user may read the analysis or idea now (the same policy the routes use). */
async function canRead(db: Db, userId: number, subject: Subject): Promise<boolean> {
  const [row] = await db
    .select({ id: subject.policy.id })
    .from(subject.policy.table)
    .where(accessibleRow(subject.policy, subject.id, userPrincipal(userId), 'read'));
  return Boolean(row);
}

/**
 * The people a comment's @handles name: the subject's owner and the members of the author's teams
 * whose address the handle matches, kept only if they can read the analysis or idea.
 */
async function mentionedUsers(db: Db, options: { text: string; actorId: number; subject: Subject }) {
  const handles = parseMentions(options.text);
  if (handles.length === 0) return [];
  const myTeams = db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, options.actorId));
  const candidates = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(
      and(
        ne(users.id, options.actorId),
        or(inArray(teamMembers.teamId, myTeams), eq(users.id, options.subject.ownerId)),
      ),
    );
  const named = candidates.filter((c) => handles.some((h) => handleMatches(h, c.email)));
  const readers: number[] = [];
  for (const candidate of named) {
    if (await canRead(db, candidate.id, options.subject)) readers.push(candidate.id);
  }
  return readers;
}

/** A new comment: its @mentions, and the author of the comment it replies to. */
export async function notifyAboutComment(db: Db, options: { comment: CommentRow; now: Date }): Promise<void> {
  const { comment, now } = options;
  const actorId = comment.userId;
  const subject = await loadSubject(db, comment);
  if (!subject) return;
  const about = `“${clip(subject.title, 120)}”`;
  const actor = await nameOf(db, actorId);
  const mentioned = await mentionedUsers(db, { text: comment.content, actorId, subject });
  const common = { excerpt: excerptOf(comment.content), ...subject.columns, commentId: comment.id };
  const rows: NewNotification[] = mentioned.map((userId) => ({
    userId,
    kind: 'mention',
    summary: `${actor} mentioned you on ${about}`,
    ...common,
  }));
  if (comment.parentId !== null) {
    const [parent] = await db
      .select({ userId: comments.userId })
      .from(comments)
      .where(eq(comments.id, comment.parentId));
    if (
      parent &&
      parent.userId !== actorId &&
      !mentioned.includes(parent.userId) &&
      (await canRead(db, parent.userId, subject))
    ) {
      rows.push({
        userId: parent.userId,
        kind: 'reply',
        summary: `${actor} replied to your comment on ${about}`,
        ...common,
      });
    }
  }
  await insertAll(db, actorId, now, rows);
}

/** An analysis or idea shared with one person or a team: each recipient but the sharer and the owner. */
export async function notifyShared(
  db: Db,
  options: SubjectColumns & { actorId: number; teamId: number | null; sharedWith: number | null; now: Date },
): Promise<void> {
  const { actorId, teamId, sharedWith, now } = options;
  const subject = await loadSubject(db, { searchId: options.searchId, ideaId: options.ideaId });
  if (!subject) return;
  const actor = await nameOf(db, actorId);
  const what = `“${clip(subject.title, 120)}”`;
  let recipients: number[] = [];
  let summary = `${actor} shared ${what} with you`;
  if (sharedWith !== null) recipients = [sharedWith];
  else if (teamId !== null) {
    const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
    summary = `${actor} shared ${what} with ${team ? `the team ${team.name}` : 'your team'}`;
    const members = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId));
    recipients = members.map((m) => m.userId);
  }
  await insertAll(
    db,
    actorId,
    now,
    recipients
      .filter((userId) => userId !== subject.ownerId)
      .map((userId) => ({ userId, kind: 'share', summary, ...subject.columns, teamId })),
  );
}

/** Someone joined a team through an invitation: the person who invited them hears of it. */
export async function notifyInvitationAccepted(
  db: Db,
  options: { teamId: number; joinerId: number; invitedBy: number | null; now: Date },
): Promise<void> {
  const { teamId, joinerId, invitedBy, now } = options;
  if (invitedBy === null) return;
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  const joiner = await nameOf(db, joinerId);
  await insertAll(db, joinerId, now, [
    {
      userId: invitedBy,
      kind: 'team_join',
      summary: `${joiner} accepted your invitation and joined ${team ? team.name : 'your team'}`,
      teamId,
    },
  ]);
}

/** How many notifications a user has not read (the bell's count). */
export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.readAt} is null`));
  return Number(row?.n ?? 0);
}

/** A watched market changed on a new corpus version (issue 33): one notification to the watcher, no actor. */
export async function notifyMarketChanged(
  db: Db,
  options: { userId: number; searchId: number; headline: string; now: Date },
): Promise<void> {
  const subject = await loadSubject(db, { searchId: options.searchId, ideaId: null });
  if (!subject) return;
  await db.insert(notifications).values({
    userId: options.userId,
    actorId: null,
    kind: 'market_change',
    summary: clip(`“${clip(subject.title, 120)}” changed on new data: ${options.headline}`, 300),
    excerpt: null,
    searchId: options.searchId,
    createdAt: options.now,
  });
}
