import { eq } from 'drizzle-orm';
import type { TeamRoleName } from '#shared/teams/teams.schemas.ts';
import { teamMembers, teams, users } from '../db/schema/index.ts';
import { createUser, type TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

// A team with one user per role (and an outsider), inserted directly: fast, for the matrix tests.

export type TeamCast = {
  teamId: number;
  users: Record<TeamRoleName | 'outsider' | 'target', TestUser>;
  /** team_members ids by user. */
  memberIds: Record<TeamRoleName | 'target', number>;
};

export async function makePro(t: TestApp, user: TestUser, tier: 'pro' | 'enterprise' = 'pro'): Promise<void> {
  await t.db.db
    .update(users)
    .set({ subscriptionTier: tier, subscriptionStatus: 'active', subscriptionPeriodEnd: null })
    .where(eq(users.id, user.user.id));
}

export async function castTeam(t: TestApp): Promise<TeamCast> {
  const cast = {
    owner: await createUser(t),
    admin: await createUser(t),
    member: await createUser(t),
    viewer: await createUser(t),
    target: await createUser(t),
    outsider: await createUser(t),
  };
  // Enterprise: the cast is five members, a full Pro team.
  await makePro(t, cast.owner, 'enterprise');
  const now = t.clock.now();
  const [team] = await t.db.db
    .insert(teams)
    .values({ name: 'Cast', ownerId: cast.owner.user.id, createdAt: now })
    .returning();
  if (!team) throw new Error('no team');
  const roles: [keyof TeamCast['memberIds'], TeamRoleName][] = [
    ['owner', 'owner'],
    ['admin', 'admin'],
    ['member', 'member'],
    ['viewer', 'viewer'],
    ['target', 'member'],
  ];
  const memberIds = {} as TeamCast['memberIds'];
  for (const [who, role] of roles) {
    const [row] = await t.db.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: cast[who].user.id, email: cast[who].user.email, role, joinedAt: now })
      .returning();
    if (!row) throw new Error('no member');
    memberIds[who] = row.id;
  }
  return { teamId: team.id, users: cast, memberIds };
}
