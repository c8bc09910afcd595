import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { fullName } from '#shared/auth/display-name.ts';
import { orderOpportunities } from '#shared/searches/opportunity-order.ts';
import type {
  ShareDto,
  ShareInput,
  SharedAnalysisView,
  SharedIdeaView,
  SharedItem,
} from '#shared/teams/collaboration.schemas.ts';
import type { Database } from '../../db/client.ts';
import { ideaShares, ideas, searchResults, searches, teamMembers, teams, users } from '../../db/schema/index.ts';
import { accessibleRow, assertCanAccess } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { ideaShareResource, teamMemberResource } from '../../lib/access/resources.ts';
import { loadAnalysisSnapshot } from '../../lib/domain/analysis-snapshot.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import { assertPlan } from '../../lib/http/plan-guard.ts';
import { notifyShared } from '../../lib/domain/notify.ts';
import { recordActivity } from './activity.service.ts';
import {
  assertSubjectRight,
  ownedPolicyOf,
  shareColumnOf,
  subjectColumns,
  viewerRights,
  type ShareSubject,
} from './share-subject.service.ts';
import { assertTeamRight, userIdOf } from './team-access.service.ts';

// Sharing an analysis or an idea with a team or one member, with canEdit / canComment / canShare
// and an optional expiry. The permissions are enforced by the sharedSearch / sharedIdea policies
// (lib/access) on every request; revoking deletes the share, so access ends on the next request.

type Deps = { db: Database; clock: Clock; principal: Principal };

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
    ideaId: share.ideaId,
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

/** Shares an analysis or an idea: its owner (on a paid plan), or a recipient whose share has canShare. */
export async function shareSubject(options: Deps & { subject: ShareSubject; input: ShareInput }): Promise<ShareDto> {
  const { db, clock, principal, subject, input } = options;
  const userId = userIdOf(principal);
  await assertSubjectRight(db, principal, subject, 'share');
  const now = clock.now();
  const [me] = await db.select().from(users).where(eq(users.id, userId));
  if (!me) throw notFound('The user');
  const { isOwner } = await viewerRights(db, principal, subject);
  // A recipient re-sharing with canShare rides on the owner's grant; an owner needs a paid plan.
  if (isOwner) assertPlan(me, now, 'collaboration', 'Collaboration requires Pro. Upgrade to share with your team.');
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
    if (member.userId === userId) throw new AppError('BAD_REQUEST', `You already have this ${subject.kind}.`);
    target = { teamId: null, sharedWith: member.userId };
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ideaShares)
      .values({
        ...subjectColumns(subject),
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
      userEmail: me.email,
      action: 'shared',
      ...subjectColumns(subject),
      entityType: subject.kind,
      entityId: subject.id,
      details: { canComment: String(input.canComment) },
      now,
    });
    await notifyShared(tx, { ...subjectColumns(subject), actorId: userId, ...target, now });
    return row.id;
  });
  const [dto] = await sharesOf(db, eq(ideaShares.id, id));
  if (!dto) throw notFound('The share');
  return dto;
}

/** The shares of one of my analyses or ideas (owner only), expired ones included. */
export async function listShares(options: Deps & { subject: ShareSubject }): Promise<ShareDto[]> {
  const { db, principal, subject } = options;
  await assertCanAccess({ db, resource: ownedPolicyOf(subject.kind), id: subject.id, principal, permission: 'read' });
  return sharesOf(db, eq(shareColumnOf(subject.kind), subject.id));
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

/** Analyses and ideas others shared with me (directly or with one of my teams) that have not expired. */
export async function sharedWithMe(options: Deps): Promise<SharedItem[]> {
  const { db, clock, principal } = options;
  const userId = userIdOf(principal);
  const myTeams = db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
  const rows = await db
    .select({ share: ideaShares, search: searches, idea: ideas, team: teams, sharer })
    .from(ideaShares)
    .leftJoin(searches, eq(searches.id, ideaShares.searchId))
    .leftJoin(ideas, eq(ideas.id, ideaShares.ideaId))
    .innerJoin(sharer, eq(sharer.id, ideaShares.sharedBy))
    .leftJoin(teams, eq(teams.id, ideaShares.teamId))
    .where(
      and(
        ne(sql`coalesce(${searches.userId}, ${ideas.userId})`, userId),
        or(eq(ideaShares.sharedWith, userId), inArray(ideaShares.teamId, myTeams)),
        or(isNull(ideaShares.expiresAt), gt(ideaShares.expiresAt, clock.now())),
      ),
    )
    .orderBy(desc(ideaShares.sharedAt), desc(ideaShares.id));
  return rows.flatMap(({ share, search, idea, team, sharer: by }) => {
    const subject = search
      ? { kind: 'analysis' as const, id: search.id, title: search.query }
      : idea
        ? { kind: 'idea' as const, id: idea.id, title: idea.title }
        : null;
    if (!subject) return [];
    return [
      {
        shareId: share.id,
        ...subject,
        sharedBy: fullName(by),
        via: team ? `the team ${team.name}` : 'you directly',
        canEdit: share.canEdit,
        canComment: share.canComment,
        canShare: share.canShare,
        sharedAt: share.sharedAt.toISOString(),
        expiresAt: share.expiresAt?.toISOString() ?? null,
      },
    ];
  });
}

/** The analysis as its owner or a person it is shared with sees it (read-only), with what they may do. */
export async function viewSharedAnalysis(options: Deps & { searchId: number }): Promise<SharedAnalysisView> {
  const { db, principal, searchId } = options;
  const rights = await viewerRights(db, principal, { kind: 'analysis', id: searchId });
  const snapshot = await loadAnalysisSnapshot(db, searchId);
  if (!snapshot) throw notFound('The analysis');
  // The snapshot's opportunities are in the one order; their row ids (what a comment names) likewise.
  const rows = await db
    .select({ id: searchResults.id, rank: searchResults.rank, opportunityScore: searchResults.opportunityScore })
    .from(searchResults)
    .where(eq(searchResults.searchId, searchId));
  const ids = orderOpportunities(rows, snapshot.filters);
  return {
    searchId,
    query: snapshot.query,
    timestamp: snapshot.timestamp.toISOString(),
    ...rights,
    opportunities: snapshot.opportunities.map((opportunity, i) => ({ ...opportunity, id: ids[i]?.id ?? 0 })),
    whatChanged: snapshot.whatChanged,
  };
}

/** What the person may do with an idea (its content comes from GET /api/ideas/:id, which honours shares). */
export async function viewSharedIdea(options: Deps & { ideaId: number }): Promise<SharedIdeaView> {
  const { db, principal, ideaId } = options;
  const rights = await viewerRights(db, principal, { kind: 'idea', id: ideaId });
  const [idea] = await db.select({ title: ideas.title }).from(ideas).where(eq(ideas.id, ideaId));
  if (!idea) throw notFound('The idea');
  return { ideaId, title: idea.title, ...rights };
}
