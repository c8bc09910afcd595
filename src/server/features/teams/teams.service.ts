import { and, asc, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { fullName } from '#shared/auth/display-name.ts';
import { PLANS } from '#shared/plans/plans.constants.ts';
import { TEAM_LIMITS, roleMay } from '#shared/teams/teams.constants.ts';
import type { TeamDetail, TeamInvitation, TeamSummary } from '#shared/teams/teams.schemas.ts';
import type { Database } from '../../db/client.ts';
import {
  teamInvitations,
  teamMembers,
  teams,
  users,
  type TeamInvitationRow,
  type TeamRow,
} from '../../db/schema/index.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import { planRequired } from '../../lib/http/plan-guard.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { assertTeamRight, lockTeamFor, memberLimitOf, userIdOf } from './team-access.service.ts';

// Teams: create (by plan), list the caller's, read one with its members, rename, delete.

type Deps = { db: Database; clock: Clock; principal: Principal };

export function toInvitationDto(row: TeamInvitationRow, now: Date): TeamInvitation {
  const isExpired = row.status === 'pending' && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    teamId: row.teamId,
    email: row.email,
    role: row.role,
    state: isExpired ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A team's invitations that can still be answered. */
export function livePendingInvitations(teamId: number, now: Date): SQL | undefined {
  return and(
    eq(teamInvitations.teamId, teamId),
    eq(teamInvitations.status, 'pending'),
    gt(teamInvitations.expiresAt, now),
  );
}

async function summaries(db: Database, userId: number, teamIds?: number[]): Promise<TeamSummary[]> {
  const rows = await db
    .select({ team: teams, myRole: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), teamIds ? inArray(teams.id, teamIds) : undefined))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  if (rows.length === 0) return [];
  const counts = await db
    .select({ teamId: teamMembers.teamId, n: count() })
    .from(teamMembers)
    .where(
      inArray(
        teamMembers.teamId,
        rows.map((r) => r.team.id),
      ),
    )
    .groupBy(teamMembers.teamId);
  const countOf = new Map(counts.map((c) => [c.teamId, c.n]));
  return rows.map(({ team, myRole }) => toSummary(team, myRole, countOf.get(team.id) ?? 0));
}

function toSummary(team: TeamRow, myRole: TeamSummary['myRole'], memberCount: number): TeamSummary {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    ownerId: team.ownerId,
    myRole,
    memberCount,
    createdAt: team.createdAt.toISOString(),
  };
}

export async function listTeams({ db, principal }: Omit<Deps, 'clock'>): Promise<TeamSummary[]> {
  return summaries(db, userIdOf(principal));
}

/**
 * Creates a team owned by the caller. Free: 403 PLAN_REQUIRED (the client's 'Collaboration requires
 * Pro' prompt); Pro: one team; Enterprise: any number. The user row is locked so two concurrent
 * creates cannot both pass the count.
 */
export async function createTeam(
  options: Deps & { input: { name: string; description: string } },
): Promise<TeamSummary> {
  const { db, clock, principal, input } = options;
  const userId = userIdOf(principal);
  const now = clock.now();
  const team = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('The user');
    const plan = effectivePlan(user, now);
    const limit = TEAM_LIMITS[plan].teams;
    if (limit === 0) throw planRequired('Collaboration requires Pro. Upgrade to create a team.');
    const [owned] = await tx.select({ n: count() }).from(teams).where(eq(teams.ownerId, userId));
    if ((owned?.n ?? 0) >= limit) {
      throw planRequired(`${PLANS[plan].name} includes ${String(limit)} team. Enterprise has unlimited teams.`);
    }
    const [row] = await tx
      .insert(teams)
      .values({ name: input.name, description: input.description, ownerId: userId, createdAt: now })
      .returning();
    if (!row) throw new Error('The team was not stored.');
    await tx
      .insert(teamMembers)
      .values({ teamId: row.id, userId, email: user.email, role: 'owner', joinedAt: now, invitedBy: null });
    return row;
  });
  return toSummary(team, 'owner', 1);
}

export async function getTeam(options: Deps & { teamId: number }): Promise<TeamDetail> {
  const { db, clock, principal, teamId } = options;
  const myRole = await assertTeamRight(db, teamId, principal, 'view');
  const [summary] = await summaries(db, userIdOf(principal), [teamId]);
  if (!summary) throw notFound('The team');
  const members = await db
    .select({ member: teamMembers, user: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
  const now = clock.now();
  const invitations = roleMay(myRole, 'invite')
    ? await db
        .select()
        .from(teamInvitations)
        .where(livePendingInvitations(teamId, now))
        .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id))
    : [];
  return {
    ...summary,
    members: members.map(({ member, user }) => ({
      id: member.id,
      userId: member.userId,
      name: fullName(user),
      email: user.email,
      role: member.role,
      joinedAt: member.joinedAt.toISOString(),
    })),
    invitations: invitations.map((row) => toInvitationDto(row, now)),
    memberLimit: await memberLimitOf(db, summary.ownerId, now),
  };
}

export async function updateTeam(
  options: Deps & { teamId: number; input: { name?: string | undefined; description?: string | undefined } },
): Promise<TeamDetail> {
  const { db, principal, teamId, input } = options;
  await db.transaction(async (tx) => {
    await lockTeamFor(tx, teamId, principal, 'editTeam');
    const changes = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
    };
    if (Object.keys(changes).length > 0) await tx.update(teams).set(changes).where(eq(teams.id, teamId));
  });
  return getTeam(options);
}

/** Deletes the team with its memberships, invitations and shares; members' own ideas and analyses stay. */
export async function deleteTeam(options: Deps & { teamId: number }): Promise<void> {
  const { db, principal, teamId } = options;
  await db.transaction(async (tx) => {
    await lockTeamFor(tx, teamId, principal, 'deleteTeam');
    await tx.delete(teams).where(eq(teams.id, teamId));
  });
}
