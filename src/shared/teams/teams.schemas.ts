import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/auth.schemas.ts';

// Teams (issue 18, docs/product/teams.md): a team, its members with a role each, and invitations by
// e-mail. What each role may do is TEAM_ROLE_RIGHTS in teams.constants.ts.

export const TEAM_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type TeamRoleName = (typeof TEAM_ROLES)[number];
/** The roles an invitation or a role change can give: ownership only moves by a transfer. */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'viewer'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const TEAM_NAME_MAX = 100;
export const TEAM_DESCRIPTION_MAX = 500;

const name = z
  .string({ message: 'Team name is required' })
  .trim()
  .min(1, 'Team name is required')
  .max(TEAM_NAME_MAX, `Team name must be ${TEAM_NAME_MAX} characters or less`);
const description = z
  .string()
  .trim()
  .max(TEAM_DESCRIPTION_MAX, `Description must be ${TEAM_DESCRIPTION_MAX} characters or less`);

export const teamCreateSchema = z.strictObject({ name, description: description.default('') });
export const teamUpdateSchema = z.strictObject({ name: name.optional(), description: description.optional() });

const role = z.enum(ASSIGNABLE_ROLES, { message: 'Choose admin, member or viewer' });

export const invitationCreateSchema = z.strictObject({
  email: z.email(AUTH_MESSAGES.email).max(254, AUTH_MESSAGES.email).toLowerCase(),
  role: role.default('member'),
});
export const memberRoleSchema = z.strictObject({ role });

/** The token from an invitation link (43 base64url characters); sent in a body, never in a URL. */
export const invitationTokenSchema = z.strictObject({
  token: z
    .string({ message: 'This invitation link is incomplete' })
    .min(1, 'This invitation link is incomplete')
    .max(128, 'This invitation link is incomplete')
    .regex(/^[A-Za-z0-9_-]+$/, 'This invitation link is incomplete'),
});

export const teamSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  ownerId: z.number().int(),
  myRole: z.enum(TEAM_ROLES),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;
export const teamListSchema = z.object({ items: z.array(teamSummarySchema) });

export const teamMemberSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const INVITATION_STATES = ['pending', 'accepted', 'declined', 'revoked', 'expired'] as const;

export const teamInvitationSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  state: z.enum(INVITATION_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamDetailSchema = teamSummarySchema.extend({
  members: z.array(teamMemberSchema),
  /** Pending invitations: shown to those who may invite (owner, admin); empty for the others. */
  invitations: z.array(teamInvitationSchema),
  /** Members the owner's plan allows (active members plus pending invitations); null = unlimited. */
  memberLimit: z.number().int().nullable(),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** What the invitation page shows before the invitee answers. */
export const invitationPreviewSchema = z.object({
  teamName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  state: z.enum(INVITATION_STATES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationAcceptedSchema = z.object({ teamId: z.number().int() });
