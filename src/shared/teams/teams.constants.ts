import { DAY_MS } from '../app/time.constants.ts';
import type { PlanId } from '../plans/plans.constants.ts';
import type { TeamRoleName } from './teams.schemas.ts';

// Plan limits and role rights of teams (docs/product/teams.md, ADR 020). The server enforces them;
// the client reads the same table to decide which buttons to show.

/** Teams one user may own, and members (with pending invitations) a team may hold, by the owner's plan; null = unlimited. */
export const TEAM_LIMITS: Record<PlanId, { teams: number; members: number | null }> = {
  free: { teams: 0, members: 0 },
  pro: { teams: 1, members: 5 },
  enterprise: { teams: Number.POSITIVE_INFINITY, members: null },
};

export const INVITATION_TTL_MS = 7 * DAY_MS;

export type TeamAction =
  | 'view'
  | 'comment'
  | 'share'
  | 'invite'
  | 'changeRoles'
  | 'removeMembers'
  | 'editTeam'
  | 'transferOwnership'
  | 'deleteTeam';

/** What each role may do in a team. Leaving is every role's right except the owner's (who transfers first). */
export const TEAM_ROLE_RIGHTS: Record<TeamRoleName, readonly TeamAction[]> = {
  owner: [
    'view',
    'comment',
    'share',
    'invite',
    'changeRoles',
    'removeMembers',
    'editTeam',
    'transferOwnership',
    'deleteTeam',
  ],
  admin: ['view', 'comment', 'share', 'invite', 'changeRoles', 'removeMembers', 'editTeam'],
  member: ['view', 'comment', 'share'],
  viewer: ['view'],
};

export function roleMay(role: TeamRoleName, action: TeamAction): boolean {
  return TEAM_ROLE_RIGHTS[role].includes(action);
}
