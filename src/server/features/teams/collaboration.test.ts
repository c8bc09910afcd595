import { eq, sql } from 'drizzle-orm';
import type { Page } from '#shared/api/list.schemas.ts';
import type { ActivityDto } from '#shared/teams/collaboration.schemas.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaShares } from '../../db/schema/index.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import type { TestUser } from '../../test/factories.ts';
import { castTeam, type TeamCast } from '../../test/team-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Sharing an analysis with a team or a member, comments and the activity feed: the permission
// matrix (role × action on a shared analysis), expiry and revocation on the next request, and
// comments as plain text.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(user: TestUser, method: Method, url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

async function searchOf(user: TestUser, query = 'dental clinic scheduling'): Promise<number> {
  const res = await call(user, 'POST', '/api/search', { query });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ data: { search: { id: number } } }>().data.search.id;
}

async function sharedCast(permissions: Record<string, unknown> = {}) {
  const cast = await castTeam(t);
  const searchId = await searchOf(cast.users.owner);
  const share = await call(cast.users.owner, 'POST', `/api/searches/${searchId}/team-shares`, {
    teamId: cast.teamId,
    ...permissions,
  });
  expect(share.statusCode, share.body).toBe(201);
  return { cast, searchId, shareId: share.json<{ data: { id: number } }>().data.id };
}

type Setup = Awaited<ReturnType<typeof sharedCast>>;
const ACTIONS: Record<string, (s: Setup) => Promise<[Method, string, Record<string, unknown>?]>> = {
  'open the shared analysis': async (s) => ['GET', `/api/shared/analyses/${s.searchId}`],
  'read comments': async (s) => ['GET', `/api/searches/${s.searchId}/comments`],
  comment: async (s) => ['POST', `/api/searches/${s.searchId}/comments`, { content: 'Looks promising' }],
  'share it further': async (s) => ['POST', `/api/searches/${s.searchId}/team-shares`, { teamId: s.cast.teamId }],
  'see who it is shared with': async (s) => ['GET', `/api/searches/${s.searchId}/team-shares`],
  'revoke the share': async (s) => ['DELETE', `/api/team-shares/${s.shareId}`],
  'read the team activity': async (s) => ['GET', `/api/teams/${s.cast.teamId}/activity`],
};

// Shared with the team with the defaults (canEdit false, canComment true, canShare false).
//                                         owner admin member viewer outsider
const MATRIX: [string, number, number, number, number, number][] = [
  ['open the shared analysis', 200, 200, 200, 200, 404],
  ['read comments', 200, 200, 200, 200, 404],
  ['comment', 201, 201, 201, 403, 404],
  ['share it further', 201, 403, 403, 403, 404],
  ['see who it is shared with', 200, 404, 404, 404, 404],
  ['revoke the share', 200, 404, 404, 404, 404],
  ['read the team activity', 200, 200, 200, 200, 404],
];
const WHO = ['owner', 'admin', 'member', 'viewer', 'outsider'] as const;

describe('the sharing permission matrix', () => {
  it.each(MATRIX.flatMap(([action, ...codes]) => WHO.map((who, i) => [action, who, codes[i] ?? 0] as const)))(
    '%s as %s → %i',
    async (action, who, expected) => {
      const setup = await sharedCast();
      const request = await ACTIONS[action]?.(setup);
      if (!request) throw new Error(`no action ${action}`);
      const res = await call(setup.cast.users[who], ...request);
      expect(res.statusCode, res.body).toBe(expected);
    },
  );

  it('canComment false: members read but cannot comment', async () => {
    const { cast, searchId } = await sharedCast({ canComment: false });
    expect((await call(cast.users.member, 'GET', `/api/shared/analyses/${searchId}`)).json().data.canComment).toBe(
      false,
    );
    const res = await call(cast.users.member, 'POST', `/api/searches/${searchId}/comments`, { content: 'Hi' });
    expect(res.statusCode).toBe(403);
  });

  it('canShare true on a member share lets that member share it with their team', async () => {
    const cast: TeamCast = await castTeam(t);
    const searchId = await searchOf(cast.users.owner);
    const direct = await call(cast.users.owner, 'POST', `/api/searches/${searchId}/member-shares`, {
      memberId: cast.memberIds.member,
      canShare: true,
    });
    expect(direct.statusCode, direct.body).toBe(201);
    expect(direct.json().data).toMatchObject({ canEdit: false, canComment: true, canShare: true, teamId: null });
    const further = await call(cast.users.member, 'POST', `/api/searches/${searchId}/team-shares`, {
      teamId: cast.teamId,
      canShare: false,
    });
    expect(further.statusCode, further.body).toBe(201);
    expect((await call(cast.users.viewer, 'GET', `/api/shared/analyses/${searchId}`)).statusCode).toBe(200);
  });

  it('the analysis routes outside collaboration stay owner-only', async () => {
    const { cast, searchId } = await sharedCast({ canEdit: true, canShare: true });
    expect((await call(cast.users.member, 'GET', `/api/searches/${searchId}`)).statusCode).toBe(404);
    const link = await call(cast.users.member, 'POST', `/api/searches/${searchId}/share-links`, { expiresIn: '7d' });
    expect(link.statusCode).toBe(404);
  });
});

describe('access ends at once', () => {
  it('an expired share stops working on the next request', async () => {
    const { cast, searchId, shareId } = await sharedCast({ expiresInDays: 1 });
    const url = `/api/shared/analyses/${searchId}`;
    expect((await call(cast.users.member, 'GET', url)).statusCode).toBe(200);
    await t.db.db
      .update(ideaShares)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(ideaShares.id, shareId));
    expect((await call(cast.users.member, 'GET', url)).statusCode).toBe(404);
    expect((await call(cast.users.member, 'GET', '/api/shared-with-me')).json().data.items).toEqual([]);
  });

  it('revoking, or removing the member from the team, ends access on the next request', async () => {
    const { cast, searchId, shareId } = await sharedCast();
    const url = `/api/shared/analyses/${searchId}`;
    const listed = await call(cast.users.member, 'GET', '/api/shared-with-me');
    expect(listed.json().data.items).toMatchObject([
      { kind: 'analysis', id: searchId, via: 'the team Cast', canComment: true },
    ]);
    await call(cast.users.owner, 'DELETE', `/api/team-members/${cast.memberIds.target}`);
    expect((await call(cast.users.target, 'GET', url)).statusCode).toBe(404);
    expect((await call(cast.users.owner, 'DELETE', `/api/team-shares/${shareId}`)).statusCode).toBe(200);
    expect((await call(cast.users.member, 'GET', url)).statusCode).toBe(404);
    expect((await call(cast.users.member, 'GET', `/api/searches/${searchId}/comments`)).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('are plain text: HTML and scripts come back as the characters written', async () => {
    const { cast, searchId } = await sharedCast();
    const content = '<script>alert(1)</script><img src=x onerror=alert(2)> & “quotes”';
    const res = await call(cast.users.member, 'POST', `/api/searches/${searchId}/comments`, { content });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.content).toBe(content);
  });

  it.each([
    ['', 'Write a comment first'],
    ['   ', 'Write a comment first'],
    ['x'.repeat(2001), 'At most 2000 characters'],
  ])('refuses %j', async (content, message) => {
    const { cast, searchId } = await sharedCast();
    const res = await call(cast.users.member, 'POST', `/api/searches/${searchId}/comments`, { content });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.content).toBe(message);
  });

  it('thread, edit and delete your own, resolve and reopen, one reaction of each per person', async () => {
    const { cast, searchId } = await sharedCast();
    const { member, admin, owner } = cast.users;
    const base = `/api/searches/${searchId}/comments`;
    const root = (await call(member, 'POST', base, { content: 'Is the market big enough?' })).json().data;
    const reply = await call(admin, 'POST', base, { content: 'Yes, see the BLS figures', parentId: root.id });
    expect(reply.json().data.parentId).toBe(root.id);

    const otherSearch = await searchOf(owner, 'veterinary billing');
    const stray = await call(owner, 'POST', `/api/searches/${otherSearch}/comments`, {
      content: 'wrong thread',
      parentId: root.id,
    });
    expect(stray.statusCode).toBe(404);

    expect((await call(admin, 'PATCH', `/api/comments/${root.id}`, { content: 'hijack' })).statusCode).toBe(403);
    const edited = await call(member, 'PATCH', `/api/comments/${root.id}`, { content: 'Is it big enough?' });
    expect(edited.json().data).toMatchObject({ content: 'Is it big enough?', isMine: true });
    expect(edited.json().data.editedAt).not.toBeNull();

    const resolved = await call(owner, 'POST', `/api/comments/${root.id}/resolve`, { isResolved: true });
    expect(resolved.json().data.isResolved).toBe(true);
    const reopened = await call(member, 'POST', `/api/comments/${root.id}/resolve`, { isResolved: false });
    expect(reopened.json().data.isResolved).toBe(false);

    const reactions = await Promise.all(
      [1, 2, 3, 4].map(() => call(admin, 'PUT', `/api/comments/${root.id}/reactions`, { emoji: '👍', on: true })),
    );
    expect(reactions.every((r) => r.statusCode === 200)).toBe(true);
    await call(owner, 'PUT', `/api/comments/${root.id}/reactions`, { emoji: '👍', on: true });
    const list = (await call(admin, 'GET', base)).json().data.items;
    expect(list[0].reactions).toEqual([{ emoji: '👍', count: 2, isMine: true }]);
    expect((await call(admin, 'PUT', `/api/comments/${root.id}/reactions`, { emoji: '💩', on: true })).statusCode).toBe(
      400,
    );

    expect((await call(admin, 'DELETE', `/api/comments/${root.id}`)).statusCode).toBe(403);
    expect((await call(member, 'DELETE', `/api/comments/${root.id}`)).statusCode).toBe(200);
    expect((await call(member, 'GET', base)).json().data.items).toEqual([]);
  });

  it('on one opportunity of the analysis', async () => {
    const { cast, searchId } = await sharedCast();
    const view = (await call(cast.users.member, 'GET', `/api/shared/analyses/${searchId}`)).json().data;
    const opportunityId = view.opportunities[0].id;
    const res = await call(cast.users.member, 'POST', `/api/searches/${searchId}/comments`, {
      content: 'This one',
      opportunityId,
    });
    expect(res.json().data.opportunityId).toBe(opportunityId);
    const foreign = await searchOf(cast.users.outsider, 'pet care');
    const results = await call(cast.users.outsider, 'GET', `/api/searches/${foreign}`);
    const strayId = results.json().data.results[0].id;
    const stray = await call(cast.users.member, 'POST', `/api/searches/${searchId}/comments`, {
      content: 'x',
      opportunityId: strayId,
    });
    expect(stray.statusCode).toBe(404);
  });
});

describe('the activity feed', () => {
  it('records shares, comments and resolutions; filters by action and analysis; paginates', async () => {
    const { cast, searchId } = await sharedCast();
    const other = await searchOf(cast.users.owner, 'farm equipment rental');
    await call(cast.users.owner, 'POST', `/api/searches/${other}/team-shares`, { teamId: cast.teamId });
    const c = (await call(cast.users.member, 'POST', `/api/searches/${searchId}/comments`, { content: 'Nice' })).json()
      .data;
    await call(cast.users.admin, 'POST', `/api/comments/${c.id}/resolve`, { isResolved: true });
    const feed = `/api/teams/${cast.teamId}/activity`;
    const page = async (query = '') =>
      (await call(cast.users.viewer, 'GET', `${feed}${query}`)).json<{ data: Page<ActivityDto> }>().data;
    const all = await page();
    expect(all.items.map((i) => i.action)).toEqual(['resolved', 'commented', 'shared', 'shared']);
    expect(all.items[1]).toMatchObject({ who: cast.users.member.user.email, searchId });
    expect(all.items[1]?.summary).toContain('Nice');
    expect((await page('?action=shared')).items).toHaveLength(2);
    expect((await page(`?searchId=${searchId}`)).items).toHaveLength(3);
    const first = await page('?pageSize=2');
    expect(first).toMatchObject({ hasMore: true, page: 1 });
    const next = await page(`?pageSize=2&cursor=${first.nextCursor ?? ''}`);
    expect(next.items.map((i) => i.action)).toEqual(['shared', 'shared']);
  });
});
