import { sql } from 'drizzle-orm';
import type { ShareSubjectKind, ViewerRights } from '#shared/teams/collaboration.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { comments, ideaShares } from '../../db/schema/index.ts';
import { accessibleRow, assertCanAccess, type ResourcePolicy } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { ideaResource, searchResource, sharedIdeaResource, sharedSearchResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';

// What a share, a comment or an activity event is about: one analysis (a searches row) or one idea
// (ADR 026). Each kind has an owner-only policy and a shared policy (owner, or a live share granting
// the permission); everything else about sharing and comments is the same for both.

export type ShareSubject = { kind: ShareSubjectKind; id: number };

const POLICIES: Record<ShareSubjectKind, { owned: ResourcePolicy; shared: ResourcePolicy; noun: string }> = {
  analysis: { owned: searchResource, shared: sharedSearchResource, noun: 'analysis' },
  idea: { owned: ideaResource, shared: sharedIdeaResource, noun: 'idea' },
};

export function sharedPolicyOf(kind: ShareSubjectKind): ResourcePolicy {
  return POLICIES[kind].shared;
}

export function ownedPolicyOf(kind: ShareSubjectKind): ResourcePolicy {
  return POLICIES[kind].owned;
}

/** The `searchId` / `ideaId` pair of a row about this subject (exactly one is set). */
export function subjectColumns(subject: ShareSubject): { searchId: number | null; ideaId: number | null } {
  return subject.kind === 'analysis' ? { searchId: subject.id, ideaId: null } : { searchId: null, ideaId: subject.id };
}

export function subjectOf(row: { searchId: number | null; ideaId: number | null }): ShareSubject {
  if (row.searchId !== null) return { kind: 'analysis', id: row.searchId };
  if (row.ideaId !== null) return { kind: 'idea', id: row.ideaId };
  throw new Error('A row about neither an analysis nor an idea.');
}

export function shareColumnOf(kind: ShareSubjectKind) {
  return kind === 'analysis' ? ideaShares.searchId : ideaShares.ideaId;
}

export function commentColumnOf(kind: ShareSubjectKind) {
  return kind === 'analysis' ? comments.searchId : comments.ideaId;
}

/** What the principal may do with the subject; 404 when they may not even read it. */
export async function viewerRights(
  db: Database | Tx,
  principal: Principal,
  subject: ShareSubject,
): Promise<ViewerRights> {
  const { owned, shared } = POLICIES[subject.kind];
  const [row] = await db
    .select({
      isOwner: sql<boolean>`(${owned.condition(principal, 'read')})`,
      canEdit: sql<boolean>`(${shared.condition(principal, 'write')})`,
      canComment: sql<boolean>`(${shared.condition(principal, 'comment')})`,
      canShare: sql<boolean>`(${shared.condition(principal, 'share')})`,
    })
    .from(shared.table)
    .where(accessibleRow(shared, subject.id, principal, 'read'));
  if (!row) throw notFound(shared.label);
  return {
    isOwner: Boolean(row.isOwner),
    canEdit: Boolean(row.canEdit),
    canComment: Boolean(row.canComment),
    canShare: Boolean(row.canShare),
  };
}

const REFUSALS: Record<'comment' | 'share' | 'write', (noun: string) => string> = {
  comment: (noun) => `You can read this ${noun} but not comment on it.`,
  share: (noun) => `You can read this ${noun} but not share it further.`,
  write: (noun) => `You can read this ${noun} but not edit it.`,
};

/** 404 unless the user may read the subject; 403 when they may read it but not do `permission`. */
export async function assertSubjectRight(
  db: Database | Tx,
  principal: Principal,
  subject: ShareSubject,
  permission: 'comment' | 'share' | 'write',
): Promise<void> {
  const { shared, noun } = POLICIES[subject.kind];
  await assertCanAccess({ db, resource: shared, id: subject.id, principal, permission: 'read' });
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(shared.table)
    .where(accessibleRow(shared, subject.id, principal, permission));
  if (!row) throw new AppError('FORBIDDEN', REFUSALS[permission](noun));
}
