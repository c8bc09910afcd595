import { and, desc, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { Page } from '#shared/api/list.schemas.ts';
import type { ActivityDto } from '#shared/teams/collaboration.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { activityFeed, ideaShares, ideas, searches } from '../../db/schema/index.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { mapPage, paginate } from '../../lib/http/paginate.ts';
import { shareColumnOf, type ShareSubject } from './share-subject.service.ts';
import { assertTeamRight } from './team-access.service.ts';

// The team activity feed: who did what and when (joined, shared, commented, resolved), newest
// first, filterable by analysis, idea and action, paginated.

type Action = ActivityDto['action'];

/** The teams an analysis or idea is shared with now (an event about it goes to each of their feeds). */
export async function teamsSharing(db: Database | Tx, subject: ShareSubject, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ teamId: ideaShares.teamId })
    .from(ideaShares)
    .where(
      and(
        eq(shareColumnOf(subject.kind), subject.id),
        isNotNull(ideaShares.teamId),
        or(isNull(ideaShares.expiresAt), gt(ideaShares.expiresAt, now)),
      ),
    );
  return rows.flatMap((r) => (r.teamId === null ? [] : [r.teamId]));
}

export async function recordActivity(
  db: Database | Tx,
  event: {
    teamIds: number[];
    userId: number;
    userEmail: string;
    action: Action;
    searchId: number | null;
    ideaId?: number | null;
    entityType: 'team' | 'analysis' | 'idea' | 'comment';
    entityId: number | null;
    details: Record<string, string | number | null>;
    now: Date;
  },
): Promise<void> {
  if (event.teamIds.length === 0) return;
  await db.insert(activityFeed).values(
    event.teamIds.map((teamId) => ({
      teamId,
      searchId: event.searchId,
      ideaId: event.ideaId ?? null,
      userId: event.userId,
      userEmail: event.userEmail,
      action: event.action,
      details: event.details,
      entityType: event.entityType,
      entityId: event.entityId,
      timestamp: event.now,
    })),
  );
}

function summaryOf(
  action: Action,
  details: Record<string, string | number | null>,
  title: string | null,
  isIdea: boolean,
): string {
  const about = title ? ` “${title}”` : isIdea ? ' an idea' : ' an analysis';
  switch (action) {
    case 'joined':
      return 'joined the team';
    case 'shared':
      return `shared${about}`;
    case 'commented':
      return `commented on${about}: ${String(details.excerpt ?? '')}`;
    case 'resolved':
      return `${details.isResolved === 'false' ? 'reopened' : 'resolved'} a comment on${about}`;
  }
}

export async function listActivity(options: {
  db: Database;
  principal: Principal;
  teamId: number;
  query: {
    page: number;
    pageSize: number;
    cursor?: string | undefined;
    searchId?: number | undefined;
    ideaId?: number | undefined;
    action?: Action | undefined;
  };
}): Promise<Page<ActivityDto>> {
  const { db, principal, teamId, query } = options;
  await assertTeamRight(db, teamId, principal, 'view');
  const page = await paginate<{
    event: typeof activityFeed.$inferSelect;
    query: string | null;
    ideaTitle: string | null;
  }>({
    query,
    keyset: [
      { column: activityFeed.timestamp, direction: 'desc', value: (r) => r.event.timestamp },
      { column: activityFeed.id, direction: 'desc', value: (r) => r.event.id },
    ],
    fetch: ({ limit, offset, after }) =>
      db
        .select({ event: activityFeed, query: searches.query, ideaTitle: ideas.title })
        .from(activityFeed)
        .leftJoin(searches, eq(searches.id, activityFeed.searchId))
        .leftJoin(ideas, eq(ideas.id, activityFeed.ideaId))
        .where(
          and(
            eq(activityFeed.teamId, teamId),
            query.searchId === undefined ? undefined : eq(activityFeed.searchId, query.searchId),
            query.ideaId === undefined ? undefined : eq(activityFeed.ideaId, query.ideaId),
            query.action === undefined ? undefined : eq(activityFeed.action, query.action),
            after,
          ),
        )
        .orderBy(desc(activityFeed.timestamp), desc(activityFeed.id))
        .limit(limit)
        .offset(offset),
  });
  return mapPage(page, ({ event, query: title, ideaTitle }) => ({
    id: event.id,
    action: event.action,
    who: event.userEmail,
    searchId: event.searchId,
    ideaId: event.ideaId,
    summary: summaryOf(event.action, event.details, title ?? ideaTitle, event.ideaId !== null),
    timestamp: event.timestamp.toISOString(),
  }));
}
