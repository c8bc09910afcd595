import type { TeamRoleName } from '#shared/teams/teams.schemas.ts';

export const ROLE_LABELS: Record<TeamRoleName, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

/** One line per role, as docs/product/teams.md says it. */
export const ROLE_DESCRIPTIONS: Record<TeamRoleName, string> = {
  owner: 'Everything, including transferring ownership and deleting the team.',
  admin: 'Invites people, changes roles (not the owner’s), removes members, edits the team.',
  member: 'Sees what is shared with the team, comments where allowed, shares their own work.',
  viewer: 'Sees what is shared with the team; cannot comment or share.',
};
