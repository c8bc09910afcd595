import { createHash, createHmac } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { INVITATION_RETENTION_DAYS } from '#shared/app/retention.constants.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { fullName } from '#shared/auth/display-name.ts';
import { INVITATION_TTL_MS } from '#shared/teams/teams.constants.ts';
import type { AssignableRole, InvitationPreview, TeamInvitation } from '#shared/teams/teams.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { teamInvitations, teamMembers, teams, users, type TeamInvitationRow } from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { teamInvitationResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { planRequired } from '../../lib/http/plan-guard.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import type { Mailer } from '../../lib/platform/mailer.ts';
import { notifyInvitationAccepted } from '../../lib/domain/notify.ts';
import { recordActivity } from './activity.service.ts';
import { lockTeamFor, memberLimitOf, userIdOf } from './team-access.service.ts';
import { livePendingInvitations, toInvitationDto } from './teams.service.ts';

// Invitations by e-mail. The link's token is an HMAC of the invitation id with the server secret
// (derived again by a retried mail job, never stored: only its sha256 is); it expires after 7 days
// and one conditional UPDATE (pending → accepted/declined) lets exactly one use through.

type Deps = { db: Database; clock: Clock; principal: Principal };

const INVALID_LINK = 'This invitation link is not valid. Check that it was copied in full.';
const GONE_MESSAGES = {
  accepted: 'This invitation has already been used.',
  declined: 'This invitation was declined.',
  revoked: 'This invitation was withdrawn by the team.',
  expired: 'This invitation has expired. Ask the team for a new one.',
} as const;

export function invitationToken(invitationId: number, secret: string): string {
  return createHmac('sha256', secret)
    .update(`team-invitation:${String(invitationId)}`)
    .digest('base64url');
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const FULL_TEAM = (limit: number) =>
  `This team already has ${String(limit)} members and pending invitations, the most its plan allows. Enterprise has no limit.`;

async function occupiedSeats(tx: Tx, teamId: number, now: Date, exceptEmail: string): Promise<number> {
  const [members] = await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  const [pending] = await tx
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(livePendingInvitations(teamId, now), sql`${teamInvitations.email} <> ${exceptEmail}`));
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

/** Invites an address (owner, admin); a new invitation to the same address replaces a pending one. */
export async function inviteMember(
  options: Deps & { teamId: number; input: { email: string; role: AssignableRole } },
): Promise<TeamInvitation> {
  const { db, clock, principal, teamId, input } = options;
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const { team, userId } = await lockTeamFor(tx, teamId, principal, 'invite');
    const limit = await memberLimitOf(tx, team.ownerId, now);
    if (limit === 0) {
      throw planRequired("Collaboration requires Pro: the team owner's plan does not include teams.");
    }
    if (limit !== null && (await occupiedSeats(tx, teamId, now, input.email)) >= limit) {
      throw planRequired(FULL_TEAM(limit));
    }
    const [existing] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(sql`lower(${users.email})`, input.email)));
    if (existing) {
      const message = 'This person is already a member of the team.';
      throw new AppError('CONFLICT', message, { email: message });
    }
    await tx
      .update(teamInvitations)
      .set({ status: 'revoked', respondedAt: now })
      .where(
        and(
          eq(teamInvitations.teamId, teamId),
          eq(teamInvitations.email, input.email),
          eq(teamInvitations.status, 'pending'),
        ),
      );
    const [created] = await tx
      .insert(teamInvitations)
      .values({
        teamId,
        email: input.email,
        role: input.role,
        invitedBy: userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    if (!created) throw new Error('The invitation was not stored.');
    return created;
  });
  return toInvitationDto(row, now);
}

/** Withdraws a pending invitation (owner, admin). */
export async function revokeInvitation(options: Deps & { invitationId: number }): Promise<TeamInvitation> {
  const { db, clock, principal, invitationId } = options;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [visible] = await tx
      .select()
      .from(teamInvitations)
      .where(accessibleRow(teamInvitationResource, invitationId, principal, 'read'));
    if (!visible) throw notFound(teamInvitationResource.label);
    await lockTeamFor(tx, visible.teamId, principal, 'invite');
    const [row] = await tx
      .update(teamInvitations)
      .set({ status: 'revoked', respondedAt: now })
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.status, 'pending')))
      .returning();
    return toInvitationDto(row ?? visible, now);
  });
}

/**
 * The mail job's handler: stores the token's hash (once) and mails the link. An invitation that is
 * no longer pending is not mailed. The token rides in the URL fragment, which browsers never send.
 */
export async function sendInvitationMail(options: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  invitationId: number;
}): Promise<void> {
  const { db, clock, mailer, publicUrl, secret, invitationId } = options;
  const [row] = await db
    .select({ invitation: teamInvitations, team: teams, inviter: users })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.id, invitationId));
  if (!row || toInvitationDto(row.invitation, clock.now()).state !== 'pending') return;
  const token = invitationToken(invitationId, secret);
  await db
    .update(teamInvitations)
    .set({ tokenHash: hashOf(token) })
    .where(and(eq(teamInvitations.id, invitationId), isNull(teamInvitations.tokenHash)));
  const inviter = row.inviter ? fullName(row.inviter) : 'A team admin';
  const link = new URL(`/teams/join#token=${token}`, publicUrl).toString();
  await mailer.sendMail({
    to: row.invitation.email,
    subject: `${inviter} invited you to join ${row.team.name} on Unbuilt`,
    text: [
      `${inviter} invited you to join the team "${row.team.name}" on Unbuilt as ${row.invitation.role === 'admin' ? 'an admin' : `a ${row.invitation.role}`}.`,
      '',
      `Open this link to accept or decline: ${link}`,
      '',
      `The link works once and expires on ${row.invitation.expiresAt.toUTCString()}.`,
      `No Unbuilt account yet? Create one with ${row.invitation.email} from that page and you join the team right after.`,
      'If you did not expect this, ignore this e-mail.',
    ].join('\n'),
  });
}

async function byToken(db: Database, token: string): Promise<TeamInvitationRow> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashOf(token)));
  if (!row) throw new AppError('NOT_FOUND', INVALID_LINK);
  return row;
}

function assertAnswerable(row: TeamInvitationRow, now: Date): void {
  const state = toInvitationDto(row, now).state;
  if (state !== 'pending') throw new AppError('GONE', GONE_MESSAGES[state]);
}

export async function previewInvitation(options: {
  db: Database;
  clock: Clock;
  token: string;
}): Promise<InvitationPreview> {
  const { db, clock, token } = options;
  const row = await byToken(db, token);
  const [context] = await db
    .select({ team: teams, inviter: users })
    .from(teams)
    .leftJoin(users, eq(users.id, row.invitedBy ?? -1))
    .where(eq(teams.id, row.teamId));
  if (!context) throw new AppError('NOT_FOUND', INVALID_LINK);
  const dto = toInvitationDto(row, clock.now());
  return {
    teamName: context.team.name,
    invitedBy: context.inviter ? fullName(context.inviter) : 'A team admin',
    email: row.email,
    role: row.role,
    state: dto.state,
    expiresAt: dto.expiresAt,
  };
}

/** One conditional UPDATE: only a pending, unexpired invitation moves, and only once. */
async function claim(tx: Tx | Database, row: TeamInvitationRow, status: 'accepted' | 'declined', now: Date) {
  const [claimed] = await tx
    .update(teamInvitations)
    .set({ status, respondedAt: now })
    .where(
      and(eq(teamInvitations.id, row.id), eq(teamInvitations.status, 'pending'), gt(teamInvitations.expiresAt, now)),
    )
    .returning({ id: teamInvitations.id });
  if (!claimed) throw new AppError('GONE', GONE_MESSAGES.accepted);
}

/** Joins the team with the invited role. The signed-in account's address must be the invited one. */
export async function acceptInvitation(options: Deps & { token: string }): Promise<{ teamId: number }> {
  const { db, clock, principal, token } = options;
  const userId = userIdOf(principal);
  const now = clock.now();
  const row = await byToken(db, token);
  assertAnswerable(row, now);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user?.email.toLowerCase() !== row.email) {
    throw new AppError(
      'FORBIDDEN',
      `This invitation was sent to ${row.email}. Sign in with that address to accept it.`,
    );
  }
  await db.transaction(async (tx) => {
    const [team] = await tx.select().from(teams).where(eq(teams.id, row.teamId)).for('update');
    if (!team) throw new AppError('NOT_FOUND', INVALID_LINK);
    await claim(tx, row, 'accepted', now);
    const limit = await memberLimitOf(tx, team.ownerId, now);
    const [members] = await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
    if (limit !== null && (members?.n ?? 0) >= limit) {
      throw new AppError('CONFLICT', 'This team is full. Ask its owner to make room or upgrade.');
    }
    await tx
      .insert(teamMembers)
      .values({ teamId: team.id, userId, email: user.email, role: row.role, joinedAt: now, invitedBy: row.invitedBy })
      .onConflictDoNothing();
    await recordActivity(tx, {
      teamIds: [team.id],
      userId,
      userEmail: user.email,
      action: 'joined',
      searchId: null,
      entityType: 'team',
      entityId: team.id,
      details: { role: row.role },
      now,
    });
    await notifyInvitationAccepted(tx, { teamId: team.id, joinerId: userId, invitedBy: row.invitedBy, now });
  });
  return { teamId: row.teamId };
}

/** Declines with the link alone (no sign-in needed: holding the link is the proof). */
export async function declineInvitation(options: { db: Database; clock: Clock; token: string }): Promise<void> {
  const { db, clock, token } = options;
  const now = clock.now();
  const row = await byToken(db, token);
  assertAnswerable(row, now);
  await claim(db, row, 'declined', now);
}

/**
 * Deletes invitations a week after they expired or were answered (the daily teams.purge-invitations
 * job); until then a late click on the link still hears why it is closed.
 */
export async function purgeOldInvitations(options: { db: Database; now: Date }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - INVITATION_RETENTION_DAYS * DAY_MS);
  const rows = await options.db
    .delete(teamInvitations)
    .where(
      or(
        lt(teamInvitations.expiresAt, cutoff),
        and(isNotNull(teamInvitations.respondedAt), lt(teamInvitations.respondedAt, cutoff)),
      ),
    )
    .returning({ id: teamInvitations.id });
  return rows.length;
}
