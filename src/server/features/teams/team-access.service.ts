import { and, eq } from 'drizzle-orm';
import { roleMay, type TeamAction } from '#shared/teams/teams.constants.ts';
import type { TeamRoleName } from '#shared/teams/teams.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { teamMembers, teams, users, type TeamRow } from '../../db/schema/index.ts';
import { assertCanAccess } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { teamResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { TEAM_LIMITS } from '#shared/teams/teams.constants.ts';

// Who may do what in a team: the team policy's 404 for non-members first, then the role's 403.
// Every change to a team's membership runs in a transaction that first locks the team row, so two
// concurrent changes (two admins, an owner transferring) are applied one after the other, each
// seeing the roles the other left.

export const ROLE_MESSAGES: Record<TeamAction, string> = {
  view: 'You are not a member of this team.',
  comment: 'Viewers cannot comment in this team.',
  share: 'Viewers cannot share with this team.',
  invite: 'Only the team owner and admins can invite people.',
  changeRoles: 'Only the team owner and admins can change roles.',
  removeMembers: 'Only the team owner and admins can remove members.',
  editTeam: 'Only the team owner and admins can edit the team.',
  transferOwnership: 'Only the team owner can transfer ownership.',
  deleteTeam: 'Only the team owner can delete the team.',
};

export function userIdOf(principal: Principal): number {
  return principal.userId;
}

/** The user's role in the team, or null when they are not a member. */
export async function roleIn(db: Database | Tx, teamId: number, userId: number): Promise<TeamRoleName | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role ?? null;
}

/**
 * Locks the team row (inside a transaction) and returns it with the acting user's current role,
 * after checking the role may do `action`: 404 for a non-member or a deleted team, 403 for a role
 * without the right.
 */
export async function lockTeamFor(
  tx: Tx,
  teamId: number,
  principal: Principal,
  action: TeamAction,
): Promise<{ team: TeamRow; role: TeamRoleName; userId: number }> {
  const userId = userIdOf(principal);
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
  const role = team ? await roleIn(tx, teamId, userId) : null;
  if (!team || !role) throw notFound(teamResource.label);
  if (!roleMay(role, action)) throw new AppError('FORBIDDEN', ROLE_MESSAGES[action]);
  return { team, role, userId };
}

/** Read-side check outside a transaction: 404 unless a member, 403 unless the role may. */
export async function assertTeamRight(
  db: Database,
  teamId: number,
  principal: Principal,
  action: TeamAction,
): Promise<TeamRoleName> {
  await assertCanAccess({ db, resource: teamResource, id: teamId, principal, permission: 'read' });
  const role = await roleIn(db, teamId, userIdOf(principal));
  if (!role) throw notFound(teamResource.label);
  if (!roleMay(role, action)) throw new AppError('FORBIDDEN', ROLE_MESSAGES[action]);
  return role;
}

/** Members a team may hold by its owner's plan now (null = unlimited). */
export async function memberLimitOf(db: Database | Tx, ownerId: number, now: Date): Promise<number | null> {
  const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
  if (!owner) return 0;
  return TEAM_LIMITS[effectivePlan(owner, now)].members;
}
