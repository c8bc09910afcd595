import { and, asc, eq, inArray } from 'drizzle-orm';
import { fullName } from '#shared/auth/display-name.ts';
import { REACTION_EMOJI, type CommentDto, type ReactionEmoji } from '#shared/teams/collaboration.schemas.ts';
import type { Database } from '../../db/client.ts';
import { commentReactions, comments, searchResults, users, type CommentRow } from '../../db/schema/index.ts';
import { accessibleRow, assertCanAccess } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { commentResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import { notifyAboutComment } from '../../lib/domain/notify.ts';
import { recordActivity, teamsSharing } from './activity.service.ts';
import {
  assertSubjectRight,
  commentColumnOf,
  sharedPolicyOf,
  subjectColumns,
  subjectOf,
  type ShareSubject,
} from './share-subject.service.ts';
import { userIdOf } from './team-access.service.ts';

// Comments on an analysis (or one of its opportunities) or on an idea: threaded by parentId, edit and delete your
// own, resolve and reopen, one of each reaction per person. Plain text, stored as written and
// rendered as text by the client (never as HTML). Who may comment is the share's canComment.

type Deps = { db: Database; clock: Clock; principal: Principal };

async function toDtos(db: Database, rows: CommentRow[], userId: number): Promise<CommentDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const authors = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((r) => r.userId),
      ),
    );
  const reactions = await db.select().from(commentReactions).where(inArray(commentReactions.commentId, ids));
  const nameOf = new Map(authors.map((a) => [a.id, fullName(a)]));
  return rows.map((row) => ({
    id: row.id,
    searchId: row.searchId,
    ideaId: row.ideaId,
    opportunityId: row.opportunityId,
    parentId: row.parentId,
    author: nameOf.get(row.userId) ?? row.userEmail,
    isMine: row.userId === userId,
    content: row.content,
    isResolved: row.isResolved,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    reactions: REACTION_EMOJI.flatMap((emoji) => {
      const mine = reactions.filter((r) => r.commentId === row.id && r.emoji === emoji);
      return mine.length === 0 ? [] : [{ emoji, count: mine.length, isMine: mine.some((r) => r.userId === userId) }];
    }),
  }));
}

export async function listComments(options: Deps & { subject: ShareSubject }): Promise<CommentDto[]> {
  const { db, principal, subject } = options;
  await assertCanAccess({ db, resource: sharedPolicyOf(subject.kind), id: subject.id, principal, permission: 'read' });
  const rows = await db
    .select()
    .from(comments)
    .where(eq(commentColumnOf(subject.kind), subject.id))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return toDtos(db, rows, userIdOf(principal));
}

export async function addComment(
  options: Deps & {
    subject: ShareSubject;
    input: { content: string; parentId?: number | undefined; opportunityId?: number | undefined };
  },
): Promise<CommentDto> {
  const { db, clock, principal, subject, input } = options;
  const userId = userIdOf(principal);
  await assertSubjectRight(db, principal, subject, 'comment');
  if (input.parentId !== undefined) {
    const [parent] = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, input.parentId), eq(commentColumnOf(subject.kind), subject.id)));
    if (!parent) throw notFound('The comment you reply to');
  }
  if (input.opportunityId !== undefined) {
    const [opportunity] =
      subject.kind === 'analysis'
        ? await db
            .select({ id: searchResults.id })
            .from(searchResults)
            .where(and(eq(searchResults.id, input.opportunityId), eq(searchResults.searchId, subject.id)))
        : [];
    if (!opportunity) throw notFound('The opportunity');
  }
  const now = clock.now();
  const [me] = await db.select().from(users).where(eq(users.id, userId));
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(comments)
      .values({
        ...subjectColumns(subject),
        opportunityId: input.opportunityId ?? null,
        userId,
        userEmail: me?.email ?? '',
        content: input.content,
        parentId: input.parentId ?? null,
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error('The comment was not stored.');
    await recordActivity(tx, {
      teamIds: await teamsSharing(tx, subject, now),
      userId,
      userEmail: me?.email ?? '',
      action: 'commented',
      ...subjectColumns(subject),
      entityType: 'comment',
      entityId: created.id,
      details: { excerpt: input.content.slice(0, 80) },
      now,
    });
    await notifyAboutComment(tx, { comment: created, now });
    return created;
  });
  const [dto] = await toDtos(db, [row], userId);
  if (!dto) throw notFound(commentResource.label);
  return dto;
}

/** The comment if the principal still reaches its analysis (404 otherwise). */
async function visibleComment(db: Database, principal: Principal, id: number): Promise<CommentRow> {
  const [row] = await db
    .select()
    .from(comments)
    .where(accessibleRow(commentResource, id, principal, 'read'));
  if (!row) throw notFound(commentResource.label);
  return row;
}

async function ownComment(db: Database, principal: Principal, id: number): Promise<CommentRow> {
  const row = await visibleComment(db, principal, id);
  if (row.userId !== userIdOf(principal)) throw new AppError('FORBIDDEN', 'You can only change your own comments.');
  return row;
}

export async function editComment(options: Deps & { commentId: number; content: string }): Promise<CommentDto> {
  const { db, clock, principal, commentId, content } = options;
  const row = await ownComment(db, principal, commentId);
  await assertSubjectRight(db, principal, subjectOf(row), 'comment');
  const [updated] = await db
    .update(comments)
    .set({ content, editedAt: clock.now() })
    .where(eq(comments.id, commentId))
    .returning();
  const [dto] = await toDtos(db, updated ? [updated] : [], userIdOf(principal));
  if (!dto) throw notFound(commentResource.label);
  return dto;
}

/** Deletes your own comment and its replies. */
export async function deleteComment(options: Deps & { commentId: number }): Promise<void> {
  const { db, principal, commentId } = options;
  await ownComment(db, principal, commentId);
  await db.delete(comments).where(eq(comments.id, commentId));
}

export async function resolveComment(options: Deps & { commentId: number; isResolved: boolean }): Promise<CommentDto> {
  const { db, clock, principal, commentId, isResolved } = options;
  const userId = userIdOf(principal);
  const row = await visibleComment(db, principal, commentId);
  await assertSubjectRight(db, principal, subjectOf(row), 'comment');
  const now = clock.now();
  const [me] = await db.select().from(users).where(eq(users.id, userId));
  const updated = await db.transaction(async (tx) => {
    const [changed] = await tx.update(comments).set({ isResolved }).where(eq(comments.id, commentId)).returning();
    await recordActivity(tx, {
      teamIds: await teamsSharing(tx, subjectOf(row), now),
      userId,
      userEmail: me?.email ?? '',
      action: 'resolved',
      searchId: row.searchId,
      ideaId: row.ideaId,
      entityType: 'comment',
      entityId: commentId,
      details: { isResolved: String(isResolved) },
      now,
    });
    return changed;
  });
  const [dto] = await toDtos(db, updated ? [updated] : [], userId);
  if (!dto) throw notFound(commentResource.label);
  return dto;
}

/** Adds or removes one reaction; the primary key keeps one of each per person under concurrency. */
export async function react(
  options: Deps & { commentId: number; emoji: ReactionEmoji; on: boolean },
): Promise<CommentDto> {
  const { db, principal, commentId, emoji, on } = options;
  const userId = userIdOf(principal);
  const row = await visibleComment(db, principal, commentId);
  await assertSubjectRight(db, principal, subjectOf(row), 'comment');
  if (on) await db.insert(commentReactions).values({ commentId, userId, emoji }).onConflictDoNothing();
  else {
    await db
      .delete(commentReactions)
      .where(
        and(
          eq(commentReactions.commentId, commentId),
          eq(commentReactions.userId, userId),
          eq(commentReactions.emoji, emoji),
        ),
      );
  }
  const [dto] = await toDtos(db, [row], userId);
  if (!dto) throw notFound(commentResource.label);
  return dto;
}
