import { and, eq } from 'drizzle-orm';
import type { AssignableRole } from '#shared/teams/teams.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { teamMembers, teams, type TeamMemberRow } from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { teamMemberResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import { lockTeamFor, userIdOf } from './team-access.service.ts';

// Membership changes: a role, a removal (or leaving: removing yourself), an ownership transfer.
// Each runs in one transaction that locks the team row first and re-reads both memberships after
// the lock, so concurrent changes see each other's result. The owner's role never changes here
// except by a transfer, which demotes and promotes in the same transaction; with the partial
// unique index (one 'owner' per team) a team always has exactly one owner.

type Deps = { db: Database; clock: Clock; principal: Principal };

/** The member row the principal may see (404 otherwise), then the team locked for `action`. */
async function lockMembership(
  tx: Tx,
  principal: Principal,
  memberId: number,
  action: Parameters<typeof lockTeamFor>[3],
): Promise<{ target: TeamMemberRow; actorId: number }> {
  const [visible] = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(accessibleRow(teamMemberResource, memberId, principal, 'read'));
  if (!visible) throw notFound(teamMemberResource.label);
  const { userId } = await lockTeamFor(tx, visible.teamId, principal, action);
  const [target] = await tx.select().from(teamMembers).where(eq(teamMembers.id, memberId));
  if (!target) throw notFound(teamMemberResource.label);
  return { target, actorId: userId };
}

export async function changeRole(options: Deps & { memberId: number; role: AssignableRole }): Promise<number> {
  const { db, principal, memberId, role } = options;
  return db.transaction(async (tx) => {
    const { target } = await lockMembership(tx, principal, memberId, 'changeRoles');
    if (target.role === 'owner') {
      throw new AppError('FORBIDDEN', "The owner's role changes only by transferring ownership.");
    }
    await tx.update(teamMembers).set({ role }).where(eq(teamMembers.id, memberId));
    return target.teamId;
  });
}

/** Removes a member (owner, admin), or the caller themself (leaving; not the owner, who transfers first). */
export async function removeMember(options: Deps & { memberId: number }): Promise<{ teamId: number; left: boolean }> {
  const { db, principal, memberId } = options;
  const actorId = userIdOf(principal);
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.id, memberId), eq(teamMembers.userId, actorId)));
    const { target } = await lockMembership(tx, principal, memberId, own ? 'view' : 'removeMembers');
    if (target.role === 'owner') {
      throw own
        ? new AppError('CONFLICT', 'Transfer ownership to another member before you leave the team.')
        : new AppError('FORBIDDEN', 'The owner cannot be removed from the team.');
    }
    await tx.delete(teamMembers).where(eq(teamMembers.id, memberId));
    return { teamId: target.teamId, left: Boolean(own) };
  });
}

/** Makes the member the owner; the previous owner becomes an admin. Owner only. */
export async function transferOwnership(options: Deps & { memberId: number }): Promise<number> {
  const { db, principal, memberId } = options;
  return db.transaction(async (tx) => {
    const { target, actorId } = await lockMembership(tx, principal, memberId, 'transferOwnership');
    if (target.userId === actorId) throw new AppError('CONFLICT', 'You already own this team.');
    await tx
      .update(teamMembers)
      .set({ role: 'admin' })
      .where(and(eq(teamMembers.teamId, target.teamId), eq(teamMembers.role, 'owner')));
    await tx.update(teamMembers).set({ role: 'owner' }).where(eq(teamMembers.id, memberId));
    await tx.update(teams).set({ ownerId: target.userId }).where(eq(teams.id, target.teamId));
    return target.teamId;
  });
}
