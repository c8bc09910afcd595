import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Page } from '#shared/api/list.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { NOTIFICATION_RETENTION_DAYS } from '#shared/app/retention.constants.ts';
import { fullName } from '#shared/auth/display-name.ts';
import type {
  NotificationDto,
  NotificationListQuery,
  NotificationTarget,
} from '#shared/notifications/notifications.schemas.ts';
import type { Database } from '../../db/client.ts';
import { ideas, notifications, searches, users, type NotificationRow } from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { notificationResource } from '../../lib/access/resources.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import { mapPage, paginate } from '../../lib/http/paginate.ts';
import { unreadCountOf } from '../../lib/domain/notify.ts';

// The bell: a user's own notifications, newest first, and marking them read. Owner-only: another
// user's notification id is a 404 (the notification policy), never a 403.

type Deps = { db: Database; principal: Principal };
function userIdOf(principal: Principal): number {
  return principal.userId;
}

type Joined = { row: NotificationRow; actor: typeof users.$inferSelect | null; ownerId: number | null };

function targetOf(row: NotificationRow, ownerId: number | null, userId: number): NotificationTarget | null {
  if (row.searchId !== null) {
    const target: NotificationTarget = {
      kind: 'analysis',
      id: row.searchId,
      commentId: row.commentId,
      isOwner: ownerId === userId,
    };
    return row.kind === 'market_change' ? { ...target, section: 'what-changed' } : target;
  }
  if (row.ideaId !== null) {
    return { kind: 'idea', id: row.ideaId, commentId: row.commentId, isOwner: ownerId === userId };
  }
  if (row.teamId !== null) return { kind: 'team', id: row.teamId, commentId: null, isOwner: false };
  return null;
}

/** The owner of the analysis or idea a notification is about (owners open their own page). */
const subjectOwner = sql<number | null>`coalesce(${searches.userId}, ${ideas.userId})`;

/** The subjects' owners of some notifications, by notification id. */
export async function subjectOwnersOf(db: Database, ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: notifications.id, ownerId: subjectOwner })
    .from(notifications)
    .leftJoin(searches, eq(searches.id, notifications.searchId))
    .leftJoin(ideas, eq(ideas.id, notifications.ideaId))
    .where(inArray(notifications.id, ids));
  return new Map(rows.map((r) => [r.id, r.ownerId]));
}

export function toNotificationDto({ row, actor, ownerId }: Joined, userId: number): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    summary: row.summary,
    excerpt: row.excerpt,
    actor: actor ? fullName(actor) : null,
    target: targetOf(row, ownerId, userId),
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  options: Deps & { query: NotificationListQuery },
): Promise<Page<NotificationDto>> {
  const { db, principal, query } = options;
  const userId = userIdOf(principal);
  const page = await paginate<Joined>({
    query,
    keyset: [
      { column: notifications.createdAt, direction: 'desc', value: (r) => r.row.createdAt },
      { column: notifications.id, direction: 'desc', value: (r) => r.row.id },
    ],
    fetch: ({ limit, offset, after }) =>
      db
        .select({ row: notifications, actor: users, ownerId: subjectOwner })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .leftJoin(searches, eq(searches.id, notifications.searchId))
        .leftJoin(ideas, eq(ideas.id, notifications.ideaId))
        .where(
          and(
            eq(notifications.userId, userId),
            query.filter === 'unread' ? isNull(notifications.readAt) : undefined,
            after,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset),
  });
  return mapPage(page, (joined) => toNotificationDto(joined, userId));
}

export async function unreadCount(options: Deps): Promise<{ unread: number }> {
  return { unread: await unreadCountOf(options.db, userIdOf(options.principal)) };
}

/** Marks one of my notifications read (or unread again); 404 for anyone else's. */
export async function markNotification(
  options: Deps & { clock: Clock; id: number; isRead: boolean },
): Promise<{ marked: number; unread: number }> {
  const { db, clock, principal, id, isRead } = options;
  const [row] = await db
    .update(notifications)
    .set({ readAt: isRead ? clock.now() : null })
    .where(accessibleRow(notificationResource, id, principal, 'write'))
    .returning({ id: notifications.id });
  if (!row) throw notFound(notificationResource.label);
  return { marked: 1, unread: await unreadCountOf(db, userIdOf(principal)) };
}

export async function markAllRead(options: Deps & { clock: Clock }): Promise<{ marked: number; unread: number }> {
  const { db, clock, principal } = options;
  const userId = userIdOf(principal);
  const rows = await db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: rows.length, unread: await unreadCountOf(db, userId) };
}

/**
 * Deletes notifications older than NOTIFICATION_RETENTION_DAYS whose e-mail is settled; one still to be
 * mailed (pending, or claimed by a running job) is kept until its mail is sent or skipped.
 */
export async function purgeOldNotifications(options: { db: Database; now: Date }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
  const rows = await options.db
    .delete(notifications)
    .where(and(lt(notifications.createdAt, cutoff), inArray(notifications.emailStatus, ['sent', 'skipped'])))
    .returning({ id: notifications.id });
  return rows.length;
}
