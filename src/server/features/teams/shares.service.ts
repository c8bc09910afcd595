import { and, asc, desc, eq, gt, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { fullName } from '#shared/auth/display-name.ts';
import type { ShareDto, ShareInput, SharedAnalysisView } from '#shared/teams/collaboration.schemas.ts';
import type { Database } from '../../db/client.ts';
import { ideaShares, searchResults, searches, teamMembers, teams, users } from '../../db/schema/index.ts';
import { accessibleRow, assertCanAccess } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import {
  ideaShareResource,
  searchResource,
  sharedSearchResource,
  teamMemberResource,
} from '../../lib/access/resources.ts';
import { loadAnalysisSnapshot } from '../../lib/analysis-snapshot.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { notifyShared } from '../../lib/notify.ts';
import { recordActivity } from './activity.service.ts';
import { assertTeamRight, userIdOf } from './team-access.ts';

// Sharing an analysis with a team or one member, with canEdit / canComment / canShare and an
// optional expiry. The permissions are enforced by the sharedSearch policy (lib/access) on every
// request; revoking deletes the share, so access ends on the next request.

type Deps = { db: Database; clock: Clock; principal: Principal };

/** 404 unless the user may read the analysis; 403 when they may read it but not do `permission`. */
export async function assertSharedRight(
  db: Database,
  principal: Principal,
  searchId: number,
  permission: 'comment' | 'share',
): Promise<void> {
  await assertCanAccess({ db, resource: sharedSearchResource, id: searchId, principal, permission: 'read' });
  const [row] = await db
    .select({ id: searches.id })
    .from(searches)
    .where(accessibleRow(sharedSearchResource, searchId, principal, permission));
  if (!row) {
    throw new AppError(
      'FORBIDDEN',
      permission === 'comment'
        ? 'You can read this analysis but not comment on it.'
        : 'You can read this analysis but not share it further.',
    );
  }
}

const sharer = alias(users, 'sharer');
const recipient = alias(users, 'recipient');

async function sharesOf(db: Database, where: SQL): Promise<ShareDto[]> {
  const rows = await db
    .select({ share: ideaShares, team: teams, sharer, recipient })
    .from(ideaShares)
    .innerJoin(sharer, eq(sharer.id, ideaShares.sharedBy))
    .leftJoin(teams, eq(teams.id, ideaShares.teamId))
    .leftJoin(recipient, eq(recipient.id, ideaShares.sharedWith))
    .where(where)
    .orderBy(desc(ideaShares.sharedAt), desc(ideaShares.id));
  return rows.map(({ share, team, sharer: by, recipient: to }) => ({
    id: share.id,
    searchId: share.searchId,
    teamId: share.teamId,
    teamName: team?.name ?? null,
    userId: share.sharedWith,
    userName: to ? fullName(to) : null,
    sharedBy: fullName(by),
    canEdit: share.canEdit,
    canComment: share.canComment,
    canShare: share.canShare,
    sharedAt: share.sharedAt.toISOString(),
    expiresAt: share.expiresAt?.toISOString() ?? null,
  }));
}

export async function shareAnalysis(options: Deps & { searchId: number; input: ShareInput }): Promise<ShareDto> {
  const { db, clock, principal, searchId, input } = options;
  const userId = userIdOf(principal);
  await assertSharedRight(db, principal, searchId, 'share');
  let target: { teamId: number | null; sharedWith: number | null };
  if ('teamId' in input) {
    await assertTeamRight(db, input.teamId, principal, 'share');
    target = { teamId: input.teamId, sharedWith: null };
  } else {
    // A member of one of my teams (the policy's 404 for anyone else's).
    const [member] = await db
      .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(accessibleRow(teamMemberResource, input.memberId, principal, 'read'));
    if (!member) throw notFound(teamMemberResource.label);
    if (member.userId === userId) throw new AppError('BAD_REQUEST', 'You already have this analysis.');
    target = { teamId: null, sharedWith: member.userId };
  }
  const now = clock.now();
  const [me] = await db.select().from(users).where(eq(users.id, userId));
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ideaShares)
      .values({
        searchId,
        ...target,
        sharedBy: userId,
        canEdit: input.canEdit,
        canComment: input.canComment,
        canShare: input.canShare,
        sharedAt: now,
        expiresAt: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .returning({ id: ideaShares.id });
    if (!row) throw new Error('The share was not stored.');
    await recordActivity(tx, {
      teamIds: target.teamId === null ? [] : [target.teamId],
      userId,
      userEmail: me?.email ?? '',
      action: 'shared',
      searchId,
      entityType: 'analysis',
      entityId: searchId,
      details: { canComment: String(input.canComment) },
      now,
    });
    await notifyShared(tx, { searchId, actorId: userId, ...target, now });
    return row.id;
  });
  const [dto] = await sharesOf(db, eq(ideaShares.id, id));
  if (!dto) throw notFound('The share');
  return dto;
}

/** The shares of one of my analyses (owner only), expired ones included. */
export async function listShares(options: Deps & { searchId: number }): Promise<ShareDto[]> {
  const { db, principal, searchId } = options;
  await assertCanAccess({ db, resource: searchResource, id: searchId, principal, permission: 'read' });
  return sharesOf(db, eq(ideaShares.searchId, searchId));
}

/** Revokes a share (its owner or whoever made it): access ends on the next request. */
export async function revokeShare(options: Deps & { shareId: number }): Promise<void> {
  const { db, principal, shareId } = options;
  const [row] = await db
    .delete(ideaShares)
    .where(accessibleRow(ideaShareResource, shareId, principal, 'write'))
    .returning({ id: ideaShares.id });
  if (!row) throw notFound(ideaShareResource.label);
}

/** Analyses others shared with me (directly or with one of my teams) that have not expired. */
export async function sharedWithMe(options: Deps) {
  const { db, clock, principal } = options;
  const userId = userIdOf(principal);
  const myTeams = db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
  const rows = await db
    .select({ share: ideaShares, search: searches, team: teams, sharer })
    .from(ideaShares)
    .innerJoin(searches, eq(searches.id, ideaShares.searchId))
    .innerJoin(sharer, eq(sharer.id, ideaShares.sharedBy))
    .leftJoin(teams, eq(teams.id, ideaShares.teamId))
    .where(
      and(
        ne(searches.userId, userId),
        or(eq(ideaShares.sharedWith, userId), inArray(ideaShares.teamId, myTeams)),
        or(isNull(ideaShares.expiresAt), gt(ideaShares.expiresAt, clock.now())),
      ),
    )
    .orderBy(desc(ideaShares.sharedAt), desc(ideaShares.id));
  return rows.map(({ share, search, team, sharer: by }) => ({
    searchId: search.id,
    query: search.query,
    sharedBy: fullName(by),
    via: team ? `the team ${team.name}` : 'you directly',
    canComment: share.canComment,
    sharedAt: share.sharedAt.toISOString(),
    expiresAt: share.expiresAt?.toISOString() ?? null,
  }));
}

/** The analysis as its owner or a person it is shared with sees it (read-only), with what they may do. */
export async function viewSharedAnalysis(options: Deps & { searchId: number }): Promise<SharedAnalysisView> {
  const { db, principal, searchId } = options;
  const userId = userIdOf(principal);
  await assertCanAccess({ db, resource: sharedSearchResource, id: searchId, principal, permission: 'read' });
  const snapshot = await loadAnalysisSnapshot(db, searchId);
  const [search] = await db.select({ userId: searches.userId }).from(searches).where(eq(searches.id, searchId));
  if (!snapshot || !search) throw notFound(sharedSearchResource.label);
  const [commentable] = await db
    .select({ id: searches.id })
    .from(searches)
    .where(accessibleRow(sharedSearchResource, searchId, principal, 'comment'));
  // The snapshot's opportunities are in rank order; their row ids (what a comment names) likewise.
  const ids = await db
    .select({ id: searchResults.id })
    .from(searchResults)
    .where(eq(searchResults.searchId, searchId))
    .orderBy(asc(searchResults.rank));
  return {
    searchId,
    query: snapshot.query,
    timestamp: snapshot.timestamp.toISOString(),
    isOwner: search.userId === userId,
    canComment: Boolean(commentable),
    opportunities: snapshot.opportunities.map((opportunity, i) => ({ ...opportunity, id: ids[i]?.id ?? 0 })),
  };
}
