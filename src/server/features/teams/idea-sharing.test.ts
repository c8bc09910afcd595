import { eq, sql } from 'drizzle-orm';
import type { Page } from '#shared/api/list.schemas.ts';
import type { ActivityDto } from '#shared/teams/collaboration.schemas.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaShares } from '../../db/schema/index.ts';
import type { TestUser } from '../../test/factories.ts';
import { castTeam, makePro } from '../../test/team-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Sharing an IDEA with a team or a member (ADR 026): role × action on a shared idea with the default
// permissions and with canEdit + canShare, expiry and revocation on the next request, the plan, other
// people's ids, and comments and activity on ideas.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(user: TestUser, method: Method, url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

const IDEA = {
  title: 'Chairside scheduling for dental clinics',
  description: 'Scheduling and reminders for small dental clinics, booked from the chair.',
  targetMarket: 'Small dental clinics',
  businessModel: 'Monthly subscription',
  category: 'healthcare',
};

async function ideaOf(user: TestUser, title = IDEA.title): Promise<number> {
  const res = await call(user, 'POST', '/api/ideas', { ...IDEA, title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

async function sharedIdea(permissions: Record<string, unknown> = {}) {
  const cast = await castTeam(t);
  const ideaId = await ideaOf(cast.users.owner);
  const share = await call(cast.users.owner, 'POST', `/api/ideas/${ideaId}/team-shares`, {
    teamId: cast.teamId,
    ...permissions,
  });
  expect(share.statusCode, share.body).toBe(201);
  return { cast, ideaId, shareId: share.json<{ data: { id: number } }>().data.id };
}

type Setup = Awaited<ReturnType<typeof sharedIdea>>;
const ACTIONS: Record<string, (s: Setup) => [Method, string, Record<string, unknown>?]> = {
  'open the idea': (s) => ['GET', `/api/ideas/${s.ideaId}`],
  'open the shared view': (s) => ['GET', `/api/shared/ideas/${s.ideaId}`],
  edit: (s) => ['PATCH', `/api/ideas/${s.ideaId}`, { monthlyRevenue: 1200 }],
  'read comments': (s) => ['GET', `/api/ideas/${s.ideaId}/comments`],
  comment: (s) => ['POST', `/api/ideas/${s.ideaId}/comments`, { content: 'Who pays for it?' }],
  'share it further': (s) => ['POST', `/api/ideas/${s.ideaId}/team-shares`, { teamId: s.cast.teamId }],
  'see who it is shared with': (s) => ['GET', `/api/ideas/${s.ideaId}/team-shares`],
  'revoke the share': (s) => ['DELETE', `/api/team-shares/${s.shareId}`],
  archive: (s) => ['POST', `/api/ideas/${s.ideaId}/archive`],
  validate: (s) => ['POST', `/api/ideas/${s.ideaId}/validate`],
  delete: (s) => ['DELETE', `/api/ideas/${s.ideaId}`],
};
const WHO = ['owner', 'admin', 'member', 'viewer', 'outsider'] as const;
type Row = [string, number, number, number, number, number];

//                           owner admin member viewer outsider
const DEFAULTS: Row[] = [
  ['open the idea', 200, 200, 200, 200, 404],
  ['open the shared view', 200, 200, 200, 200, 404],
  ['edit', 200, 403, 403, 403, 404],
  ['read comments', 200, 200, 200, 200, 404],
  ['comment', 201, 201, 201, 403, 404],
  ['share it further', 201, 403, 403, 403, 404],
  ['see who it is shared with', 200, 404, 404, 404, 404],
  ['revoke the share', 200, 404, 404, 404, 404],
  ['archive', 200, 404, 404, 404, 404],
  ['delete', 200, 404, 404, 404, 404],
];
// canEdit and canShare granted: a team viewer still only reads; archiving, validating and deleting stay
// the owner's.
const GRANTED: Row[] = [
  ['edit', 200, 200, 200, 403, 404],
  ['share it further', 201, 201, 201, 403, 404],
  ['archive', 200, 404, 404, 404, 404],
  ['validate', 200, 404, 404, 404, 404],
  ['delete', 200, 404, 404, 404, 404],
];

function cases(rows: Row[]) {
  return rows.flatMap(([action, ...codes]) => WHO.map((who, i) => [action, who, codes[i] ?? 0] as const));
}

async function expectMatrix(
  permissions: Record<string, unknown>,
  action: string,
  who: (typeof WHO)[number],
  code: number,
) {
  const setup = await sharedIdea(permissions);
  const request = ACTIONS[action]?.(setup);
  if (!request) throw new Error(`no action ${action}`);
  const res = await call(setup.cast.users[who], ...request);
  expect(res.statusCode, res.body).toBe(code);
}

describe('the idea sharing permission matrix', () => {
  it.each(cases(DEFAULTS))('defaults: %s as %s → %i', (action, who, code) => expectMatrix({}, action, who, code));
  it.each(cases(GRANTED))('canEdit + canShare: %s as %s → %i', (action, who, code) =>
    expectMatrix({ canEdit: true, canShare: true }, action, who, code),
  );

  it('the shared view says what the person may do', async () => {
    const { cast, ideaId } = await sharedIdea({ canEdit: true });
    const as = async (who: (typeof WHO)[number]) =>
      (await call(cast.users[who], 'GET', `/api/shared/ideas/${ideaId}`)).json<{ data: Record<string, unknown> }>()
        .data;
    expect(await as('owner')).toMatchObject({ isOwner: true, canEdit: true, canComment: true, canShare: true });
    expect(await as('member')).toMatchObject({ isOwner: false, canEdit: true, canComment: true, canShare: false });
    expect(await as('viewer')).toMatchObject({ isOwner: false, canEdit: false, canComment: false, canShare: false });
    expect(await as('member')).toMatchObject({ ideaId, title: IDEA.title });
  });

  it('an edit by a person with canEdit is stored; the idea stays out of their own list', async () => {
    const { cast, ideaId } = await sharedIdea({ canEdit: true });
    const edited = await call(cast.users.member, 'PATCH', `/api/ideas/${ideaId}`, { title: 'Renamed by a member' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(cast.users.owner, 'GET', `/api/ideas/${ideaId}`)).json().data.title).toBe('Renamed by a member');
    expect((await call(cast.users.member, 'GET', '/api/ideas')).json().data.items).toEqual([]);
  });

  it('a direct share reaches only that member, and recording a hypothesis needs canEdit', async () => {
    const cast = await castTeam(t);
    const ideaId = await ideaOf(cast.users.owner);
    const validated = await call(cast.users.owner, 'POST', `/api/ideas/${ideaId}/validate`);
    expect(validated.statusCode, validated.body).toBe(200);
    const hypothesisId = validated.json<{ data: { hypotheses: { id: number }[] } }>().data.hypotheses[0]?.id;
    const direct = await call(cast.users.owner, 'POST', `/api/ideas/${ideaId}/member-shares`, {
      memberId: cast.memberIds.member,
    });
    expect(direct.statusCode, direct.body).toBe(201);
    expect(direct.json().data).toMatchObject({ ideaId, searchId: null, teamId: null, canEdit: false });
    expect((await call(cast.users.admin, 'GET', `/api/ideas/${ideaId}`)).statusCode).toBe(404);
    const record = ['PATCH', `/api/ideas/hypotheses/${hypothesisId}`, { status: 'supported' }] as const;
    expect((await call(cast.users.member, ...record)).statusCode).toBe(404);
    await call(cast.users.owner, 'POST', `/api/ideas/${ideaId}/member-shares`, {
      memberId: cast.memberIds.member,
      canEdit: true,
    });
    expect((await call(cast.users.member, ...record)).statusCode).toBe(200);
  });
});

describe('the plan and other people’s ids', () => {
  it('a free owner gets the collaboration prompt (403 PLAN_REQUIRED); Pro may share', async () => {
    const cast = await castTeam(t);
    const ideaId = await ideaOf(cast.users.member);
    const url = `/api/ideas/${ideaId}/member-shares`;
    const res = await call(cast.users.member, 'POST', url, { memberId: cast.memberIds.admin });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PLAN_REQUIRED', message: expect.stringMatching(/requires Pro/) });
    await makePro(t, cast.users.member);
    expect((await call(cast.users.member, 'POST', url, { memberId: cast.memberIds.admin })).statusCode).toBe(201);
  });

  it('sharing someone else’s idea, or with a team or member that is not mine, is a 404', async () => {
    const mine = await castTeam(t);
    const theirs = await castTeam(t);
    const myIdea = await ideaOf(mine.users.owner);
    const theirIdea = await ideaOf(theirs.users.owner);
    const { owner } = mine.users;
    for (const [url, payload] of [
      [`/api/ideas/${theirIdea}/team-shares`, { teamId: mine.teamId }],
      [`/api/ideas/${myIdea}/team-shares`, { teamId: theirs.teamId }],
      [`/api/ideas/${myIdea}/member-shares`, { memberId: theirs.memberIds.member }],
    ] as const) {
      expect((await call(owner, 'POST', url, payload)).statusCode, url).toBe(404);
    }
    expect((await call(owner, 'GET', `/api/ideas/${theirIdea}/comments`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/ideas/${theirIdea}/team-shares`)).statusCode).toBe(404);
  });
});

describe('access to a shared idea ends at once', () => {
  it('an expired share stops working on the next request', async () => {
    const { cast, ideaId, shareId } = await sharedIdea({ expiresInDays: 7 });
    const listed = (await call(cast.users.member, 'GET', '/api/shared-with-me')).json().data.items;
    expect(listed).toMatchObject([{ kind: 'idea', id: ideaId, title: IDEA.title, via: 'the team Cast' }]);
    expect(listed[0].expiresAt).not.toBeNull();
    await t.db.db
      .update(ideaShares)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(ideaShares.id, shareId));
    expect((await call(cast.users.member, 'GET', `/api/ideas/${ideaId}`)).statusCode).toBe(404);
    const comment = await call(cast.users.member, 'POST', `/api/ideas/${ideaId}/comments`, { content: 'late' });
    expect(comment.statusCode).toBe(404);
    expect((await call(cast.users.member, 'GET', '/api/shared-with-me')).json().data.items).toEqual([]);
  });

  it('revoking ends access, comments included', async () => {
    const { cast, ideaId, shareId } = await sharedIdea();
    const c = (await call(cast.users.member, 'POST', `/api/ideas/${ideaId}/comments`, { content: 'Mine' })).json().data;
    expect((await call(cast.users.owner, 'DELETE', `/api/team-shares/${shareId}`)).statusCode).toBe(200);
    expect((await call(cast.users.member, 'GET', `/api/ideas/${ideaId}`)).statusCode).toBe(404);
    expect((await call(cast.users.member, 'PATCH', `/api/comments/${c.id}`, { content: 'x' })).statusCode).toBe(404);
    expect((await call(cast.users.owner, 'GET', `/api/ideas/${ideaId}/comments`)).json().data.items).toHaveLength(1);
  });
});

describe('comments and activity on an idea', () => {
  it('thread, resolve, react; no opportunity ids; the team feed names the idea', async () => {
    const { cast, ideaId } = await sharedIdea();
    const base = `/api/ideas/${ideaId}/comments`;
    const root = (await call(cast.users.member, 'POST', base, { content: 'Who pays?' })).json().data;
    expect(root).toMatchObject({ ideaId, searchId: null, isMine: true });
    const reply = await call(cast.users.owner, 'POST', base, { content: 'Clinics do', parentId: root.id });
    expect(reply.json().data.parentId).toBe(root.id);
    const resolved = await call(cast.users.admin, 'POST', `/api/comments/${root.id}/resolve`, { isResolved: true });
    expect(resolved.json().data.isResolved).toBe(true);
    const reacted = await call(cast.users.admin, 'PUT', `/api/comments/${root.id}/reactions`, {
      emoji: '🎉',
      on: true,
    });
    expect(reacted.json().data.reactions).toEqual([{ emoji: '🎉', count: 1, isMine: true }]);
    expect((await call(cast.users.member, 'POST', base, { content: 'x', opportunityId: 1 })).statusCode).toBe(404);

    const other = await ideaOf(cast.users.owner, 'Another idea');
    const stray = await call(cast.users.owner, 'POST', `/api/ideas/${other}/comments`, {
      content: 'wrong thread',
      parentId: root.id,
    });
    expect(stray.statusCode).toBe(404);

    const activity = await call(cast.users.viewer, 'GET', `/api/teams/${cast.teamId}/activity?ideaId=${ideaId}`);
    const feed = activity.json<{ data: Page<ActivityDto> }>().data.items;
    expect(feed.map((i) => i.action)).toEqual(['resolved', 'commented', 'commented', 'shared']);
    expect(feed[3]).toMatchObject({ ideaId, searchId: null, summary: `shared “${IDEA.title}”` });
  });
});
