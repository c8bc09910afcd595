import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamDetail } from '#shared/teams/teams.schemas.ts';
import { teamInvitations, teamMembers, teams } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { castTeam, makePro, type TeamCast } from '../../test/team-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = keyof TeamCast['users'];
type Call = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: Record<string, unknown> };

function call(user: TestUser, { method, url, payload }: Call) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

async function invitationOf(cast: TeamCast): Promise<number> {
  const [row] = await t.db.db
    .insert(teamInvitations)
    .values({
      teamId: cast.teamId,
      email: 'someone@example.test',
      invitedBy: cast.users.owner.user.id,
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    })
    .returning();
  return row?.id ?? 0;
}

// The permission matrix (docs/product/teams.md, ADR 020): role × action → status. Every row runs on
// a fresh team so one action cannot change the next.
const ACTIONS: Record<string, (cast: TeamCast) => Promise<Call>> = {
  'view the team': async (c) => ({ method: 'GET', url: `/api/teams/${c.teamId}` }),
  'rename the team': async (c) => ({ method: 'PATCH', url: `/api/teams/${c.teamId}`, payload: { name: 'Renamed' } }),
  invite: async (c) => ({
    method: 'POST',
    url: `/api/teams/${c.teamId}/invitations`,
    payload: { email: 'new@example.test', role: 'member' },
  }),
  'withdraw an invitation': async (c) => ({ method: 'DELETE', url: `/api/team-invitations/${await invitationOf(c)}` }),
  "change a member's role": async (c) => ({
    method: 'PATCH',
    url: `/api/team-members/${c.memberIds.target}`,
    payload: { role: 'viewer' },
  }),
  "change the owner's role": async (c) => ({
    method: 'PATCH',
    url: `/api/team-members/${c.memberIds.owner}`,
    payload: { role: 'member' },
  }),
  'remove a member': async (c) => ({ method: 'DELETE', url: `/api/team-members/${c.memberIds.target}` }),
  'remove the owner': async (c) => ({ method: 'DELETE', url: `/api/team-members/${c.memberIds.owner}` }),
  'transfer ownership': async (c) => ({
    method: 'POST',
    url: `/api/team-members/${c.memberIds.target}/transfer-ownership`,
  }),
  'delete the team': async (c) => ({ method: 'DELETE', url: `/api/teams/${c.teamId}` }),
};

//                                  owner  admin  member viewer outsider
const MATRIX: [string, number, number, number, number, number][] = [
  ['view the team', 200, 200, 200, 200, 404],
  ['rename the team', 200, 200, 403, 403, 404],
  ['invite', 201, 201, 403, 403, 404],
  ['withdraw an invitation', 200, 200, 403, 403, 404],
  ["change a member's role", 200, 200, 403, 403, 404],
  ["change the owner's role", 403, 403, 403, 403, 404],
  ['remove a member', 200, 200, 403, 403, 404],
  ['remove the owner', 409, 403, 403, 403, 404],
  ['transfer ownership', 200, 403, 403, 403, 404],
  ['delete the team', 200, 403, 403, 403, 404],
];
const WHO: Who[] = ['owner', 'admin', 'member', 'viewer', 'outsider'];

/** A refusal in the envelope that changed nothing: the team and its owner are as they were. */
async function expectRefusedAndUnchanged(
  cast: TeamCast,
  res: { json: () => unknown },
  expected: number,
): Promise<void> {
  expect(res.json()).toMatchObject({ success: false, code: expected === 404 ? 'NOT_FOUND' : expect.any(String) });
  const owners = await t.db.db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, cast.teamId), eq(teamMembers.role, 'owner')));
  expect(owners.map((o) => o.userId)).toEqual([cast.users.owner.user.id]);
}

describe('the team permission matrix', () => {
  it.each(MATRIX.flatMap(([action, ...codes]) => WHO.map((who, i) => [action, who, codes[i] ?? 0] as const)))(
    '%s as %s → %i',
    async (action, who, expected) => {
      const cast = await castTeam(t);
      const request = await ACTIONS[action]?.(cast);
      if (!request) throw new Error(`no action ${action}`);
      const res = await call(cast.users[who], request);
      expect(res.statusCode, res.body).toBe(expected);
      if (expected >= 400) await expectRefusedAndUnchanged(cast, res, expected);
    },
  );

  it('lets every non-owner leave, and the owner only after a transfer', async () => {
    const cast = await castTeam(t);
    for (const who of ['admin', 'member', 'viewer'] as const) {
      const res = await call(cast.users[who], { method: 'DELETE', url: `/api/team-members/${cast.memberIds[who]}` });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
    }
    const stuck = await call(cast.users.owner, { method: 'DELETE', url: `/api/team-members/${cast.memberIds.owner}` });
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json().message).toMatch(/Transfer ownership/);
  });
});

describe('membership is checked on every request', () => {
  it('a removed member loses the team on the very next request', async () => {
    const cast = await castTeam(t);
    const url = `/api/teams/${cast.teamId}`;
    expect((await call(cast.users.target, { method: 'GET', url })).statusCode).toBe(200);
    const removed = await call(cast.users.admin, {
      method: 'DELETE',
      url: `/api/team-members/${cast.memberIds.target}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await call(cast.users.target, { method: 'GET', url })).statusCode).toBe(404);
    const list = await call(cast.users.target, { method: 'GET', url: '/api/teams' });
    expect(list.json().data.items).toEqual([]);
  });

  it('a demoted admin can no longer invite', async () => {
    const cast = await castTeam(t);
    await call(cast.users.owner, {
      method: 'PATCH',
      url: `/api/team-members/${cast.memberIds.admin}`,
      payload: { role: 'viewer' },
    });
    const res = await call(cast.users.admin, (await ACTIONS.invite?.(cast)) ?? { method: 'GET', url: '/' });
    expect(res.statusCode).toBe(403);
  });

  it('deleting a team removes its memberships and invitations', async () => {
    const cast = await castTeam(t);
    await invitationOf(cast);
    expect((await call(cast.users.owner, { method: 'DELETE', url: `/api/teams/${cast.teamId}` })).statusCode).toBe(200);
    expect(await t.db.db.select().from(teamMembers).where(eq(teamMembers.teamId, cast.teamId))).toEqual([]);
    expect(await t.db.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, cast.teamId))).toEqual([]);
  });
});

describe('plans', () => {
  const create = (user: TestUser, name = 'Founders') =>
    call(user, { method: 'POST', url: '/api/teams', payload: { name, description: 'We build' } });

  it('a free user gets the collaboration prompt (403 PLAN_REQUIRED)', async () => {
    const free = await createUser(t);
    const res = await create(free);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: expect.stringMatching(/Collaboration requires Pro/),
    });
  });

  it('Pro: one team; concurrent creates still make only one', async () => {
    const pro = await createUser(t);
    await makePro(t, pro);
    const results = await Promise.all([1, 2, 3, 4].map((i) => create(pro, `Team ${i}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403]);
    expect(await t.db.db.select().from(teams).where(eq(teams.ownerId, pro.user.id))).toHaveLength(1);
  });

  it('Enterprise: several teams', async () => {
    const big = await createUser(t);
    await makePro(t, big, 'enterprise');
    for (const name of ['One', 'Two', 'Three']) expect((await create(big, name)).statusCode).toBe(201);
  });

  it('a Pro team holds 5 members, pending invitations counted', async () => {
    const pro = await createUser(t);
    await makePro(t, pro);
    const teamId = (await create(pro)).json<{ data: { id: number } }>().data.id;
    const invite = (email: string) =>
      call(pro, { method: 'POST', url: `/api/teams/${teamId}/invitations`, payload: { email } });
    for (const n of [1, 2, 3, 4]) expect((await invite(`seat-${n}@example.test`)).statusCode).toBe(201);
    // Re-inviting an address replaces its pending invitation instead of taking a seat.
    expect((await invite('seat-4@example.test')).statusCode).toBe(201);
    const full = await invite('seat-5@example.test');
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({ code: 'PLAN_REQUIRED', message: expect.stringMatching(/5 members/) });
    const detail = await call(pro, { method: 'GET', url: `/api/teams/${teamId}` });
    expect(detail.json<{ data: TeamDetail }>().data).toMatchObject({ memberLimit: 5, memberCount: 1 });
    expect(detail.json<{ data: TeamDetail }>().data.invitations).toHaveLength(4);
  });
});

describe('validation', () => {
  it.each([
    [{ name: '' }, 'name', 'Team name is required'],
    [{ name: 'x'.repeat(101) }, 'name', 'Team name must be 100 characters or less'],
    [{ name: 'ok', description: 'd'.repeat(501) }, 'description', 'Description must be 500 characters or less'],
  ])('team %j → %s: %s', async (payload, field, message) => {
    const pro = await createUser(t);
    await makePro(t, pro);
    const res = await call(pro, { method: 'POST', url: '/api/teams', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(message);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.test', role: 'owner' }, 'role', 'Choose admin, member or viewer'],
  ])('invitation %j → %s: %s', async (payload, field, message) => {
    const cast = await castTeam(t);
    const res = await call(cast.users.owner, { method: 'POST', url: `/api/teams/${cast.teamId}/invitations`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(message);
  });

  it('refuses to invite an existing member', async () => {
    const cast = await castTeam(t);
    const res = await call(cast.users.owner, {
      method: 'POST',
      url: `/api/teams/${cast.teamId}/invitations`,
      payload: { email: cast.users.member.user.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('ownership under concurrency', () => {
  it('two admins and the owner changing roles at once never leave the team without exactly one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const cast = await castTeam(t);
      const { owner, admin, target } = cast.users;
      const ids = cast.memberIds;
      // A second admin: the target.
      await t.db.db.update(teamMembers).set({ role: 'admin' }).where(eq(teamMembers.id, ids.target));
      const results = await Promise.all([
        call(owner, { method: 'POST', url: `/api/team-members/${ids.admin}/transfer-ownership` }),
        call(owner, { method: 'POST', url: `/api/team-members/${ids.target}/transfer-ownership` }),
        call(admin, { method: 'PATCH', url: `/api/team-members/${ids.target}`, payload: { role: 'viewer' } }),
        call(target, { method: 'PATCH', url: `/api/team-members/${ids.admin}`, payload: { role: 'member' } }),
        call(admin, { method: 'PATCH', url: `/api/team-members/${ids.owner}`, payload: { role: 'member' } }),
        call(target, { method: 'DELETE', url: `/api/team-members/${ids.owner}` }),
        call(admin, { method: 'POST', url: `/api/team-members/${ids.member}/transfer-ownership` }),
      ]);
      expect(
        results.every((r) => r.statusCode < 500),
        results.map((r) => r.body).join('\n'),
      ).toBe(true);
      const owners = await t.db.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, cast.teamId), eq(teamMembers.role, 'owner')));
      expect(owners).toHaveLength(1);
      const [team] = await t.db.db.select().from(teams).where(eq(teams.id, cast.teamId));
      expect(team?.ownerId).toBe(owners[0]?.userId);
    }
  });
});
