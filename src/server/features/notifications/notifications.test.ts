import { createHash } from 'node:crypto';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { NOTIFICATION_RETENTION_DAYS } from '#shared/app/retention.constants.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '#shared/api/list.schemas.ts';
import { handleOf } from '#shared/notifications/mentions.ts';
import type { NotificationDto } from '#shared/notifications/notifications.schemas.ts';
import { notifications, teamInvitations } from '../../db/schema/index.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { castTeam, type TeamCast } from '../../test/team-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { JobContext } from '../../lib/jobs/job.ts';
import { purgeNotificationsJob } from './notifications.jobs.ts';

// Who is notified of what (mentions, replies, shares), never the actor, never someone who cannot
// read the analysis; and the bell's routes: list, unread count, mark read, owner-only (404).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
function call(user: TestUser, method: Method, url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

async function sharedAnalysis(cast: TeamCast): Promise<number> {
  const res = await call(cast.users.owner, 'POST', '/api/search', { query: 'dental clinic scheduling' });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const searchId = res.json<{ data: { search: { id: number } } }>().data.search.id;
  const share = await call(cast.users.owner, 'POST', `/api/searches/${searchId}/team-shares`, { teamId: cast.teamId });
  expect(share.statusCode, share.body).toBe(201);
  return searchId;
}

async function comment(user: TestUser, searchId: number, content: string, parentId?: number): Promise<number> {
  const res = await call(user, 'POST', `/api/searches/${searchId}/comments`, {
    content,
    ...(parentId ? { parentId } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

async function listOf(user: TestUser, query = ''): Promise<Page<NotificationDto>> {
  const res = await call(user, 'GET', `/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Page<NotificationDto> }>().data;
}

async function unread(user: TestUser): Promise<number> {
  const res = await call(user, 'GET', '/api/notifications/unread-count');
  return res.json<{ data: { unread: number } }>().data.unread;
}

const at = (user: TestUser) => `@${handleOf(user.user.email)}`;

describe('who a comment notifies', () => {
  it('notifies the mentioned people who can read the analysis, and nobody else', async () => {
    const cast = await castTeam(t);
    const searchId = await sharedAnalysis(cast);
    const { owner, admin, member, viewer, outsider } = cast.users;
    // A stranger who shares a team with nobody here, and the author mentioning themself.
    const stranger = await createUser(t);
    await comment(
      member,
      searchId,
      `${at(owner)} and ${at(admin)}, see this. cc ${at(outsider)} ${at(stranger)} ${at(member)} @nobody-at-all`,
    );
    const [ownerList, adminList] = [await listOf(owner), await listOf(admin)];
    expect(ownerList.items).toHaveLength(1);
    expect(ownerList.items[0]).toMatchObject({
      kind: 'mention',
      summary: 'Test mentioned you on “dental clinic scheduling”',
      isRead: false,
      target: { kind: 'analysis', id: searchId, isOwner: true },
    });
    expect(ownerList.items[0]?.excerpt).toContain('see this');
    expect(adminList.items.map((n) => n.kind)).toEqual(['mention', 'share']);
    expect(adminList.items[0]).toMatchObject({ target: { isOwner: false } });
    for (const quiet of [member, viewer]) expect((await listOf(quiet)).items.map((n) => n.kind)).toEqual(['share']);
    for (const quiet of [outsider, stranger]) expect(await unread(quiet)).toBe(0);
  });

  it('does not notify a team-mate the analysis is not shared with', async () => {
    const cast = await castTeam(t);
    const { owner, member } = cast.users;
    const res = await call(owner, 'POST', '/api/search', { query: 'private analysis' });
    const searchId = res.json<{ data: { search: { id: number } } }>().data.search.id;
    await comment(owner, searchId, `${at(member)} have a look`);
    expect(await unread(member)).toBe(0);
    expect(await t.db.db.select().from(notifications).where(eq(notifications.searchId, searchId))).toHaveLength(0);
  });

  it('tells an author about a reply once (a reply that also mentions them is one notification)', async () => {
    const cast = await castTeam(t);
    const searchId = await sharedAnalysis(cast);
    const { admin, member } = cast.users;
    const first = await comment(member, searchId, 'What about small clinics?');
    await comment(admin, searchId, 'Good point', first);
    await comment(admin, searchId, `${at(member)} agreed`, first);
    await comment(member, searchId, 'Replying to my own thread', first);
    const kinds = (await listOf(member)).items.map((n) => n.kind);
    expect(kinds).toEqual(['mention', 'reply', 'share']);
    expect((await listOf(member)).items[1]?.target?.commentId).toBeGreaterThan(first);
  });

  it('tells each team member but the sharer and the owner that an analysis was shared', async () => {
    const cast = await castTeam(t);
    await sharedAnalysis(cast);
    const { owner, admin, member, viewer, outsider } = cast.users;
    expect(await unread(owner)).toBe(0);
    expect(await unread(outsider)).toBe(0);
    for (const user of [admin, member, viewer]) {
      expect((await listOf(user)).items[0]).toMatchObject({
        kind: 'share',
        summary: 'Test shared “dental clinic scheduling” with the team Cast',
      });
    }
  });
});

describe('ideas and teams', () => {
  it('notifies a mention on a shared idea, leading to the idea', async () => {
    const cast = await castTeam(t);
    const { owner, admin, member } = cast.users;
    const idea = await call(owner, 'POST', '/api/ideas', {
      title: 'Dental clinic scheduling',
      description: 'Scheduling and reminders for small dental clinics.',
      targetMarket: 'Small dental clinics',
      businessModel: 'Monthly subscription',
      category: 'healthcare',
    });
    const ideaId = idea.json<{ data: { id: number } }>().data.id;
    const share = await call(owner, 'POST', `/api/ideas/${ideaId}/team-shares`, { teamId: cast.teamId });
    expect(share.statusCode, share.body).toBe(201);
    const res = await call(member, 'POST', `/api/ideas/${ideaId}/comments`, {
      content: `${at(admin)} ${at(owner)} thoughts?`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [toAdmin] = (await listOf(admin)).items;
    expect(toAdmin).toMatchObject({
      kind: 'mention',
      summary: 'Test mentioned you on “Dental clinic scheduling”',
      target: { kind: 'idea', id: ideaId, isOwner: false },
    });
    expect((await listOf(owner)).items[0]?.target).toMatchObject({ kind: 'idea', isOwner: true });
  });

  it('tells the inviter when their invitation is accepted', async () => {
    const cast = await castTeam(t);
    const { admin } = cast.users;
    const joiner = await createUser(t, { firstName: 'Jo', lastName: 'Iner' });
    const token = 'a-known-invitation-token';
    await t.db.db.insert(teamInvitations).values({
      teamId: cast.teamId,
      email: joiner.user.email,
      invitedBy: admin.user.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    });
    const res = await call(joiner, 'POST', '/api/team-invitations/accept', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listOf(admin)).items[0]).toMatchObject({
      kind: 'team_join',
      summary: 'Jo Iner accepted your invitation and joined Cast',
      target: { kind: 'team', id: cast.teamId },
    });
    expect(await unread(joiner)).toBe(0);
  });
});

describe('the bell routes', () => {
  it('pages newest first, filters unread, marks one and all read', async () => {
    const cast = await castTeam(t);
    const searchId = await sharedAnalysis(cast);
    const { admin, member } = cast.users;
    for (const n of [1, 2, 3]) await comment(member, searchId, `${at(admin)} note ${n}`);
    expect(await unread(admin)).toBe(4); // the share and three mentions
    const first = await listOf(admin, '?pageSize=2');
    expect(first.items.map((n) => n.excerpt)).toEqual([`${at(admin)} note 3`, `${at(admin)} note 2`]);
    expect(first.hasMore).toBe(true);
    const second = await listOf(admin, `?pageSize=2&cursor=${first.nextCursor ?? ''}`);
    expect(second.items.map((n) => n.kind)).toEqual(['mention', 'share']);
    expect(second.hasMore).toBe(false);

    const target = first.items[0]!;
    const marked = await call(admin, 'POST', `/api/notifications/${target.id}/read`, {});
    expect(marked.json().data).toEqual({ marked: 1, unread: 3 });
    expect((await listOf(admin, '?filter=unread')).items.map((n) => n.id)).not.toContain(target.id);
    const again = await call(admin, 'POST', `/api/notifications/${target.id}/read`, { isRead: false });
    expect(again.json().data.unread).toBe(4);
    const all = await call(admin, 'POST', '/api/notifications/read-all');
    expect(all.json().data).toEqual({ marked: 4, unread: 0 });
    expect((await listOf(admin, '?filter=unread')).items).toEqual([]);
  });

  it("answers 404 for another user's notification and changes nothing", async () => {
    const cast = await castTeam(t);
    await sharedAnalysis(cast);
    const { admin, outsider } = cast.users;
    const [mine] = (await listOf(admin)).items;
    const res = await call(outsider, 'POST', `/api/notifications/${mine!.id}/read`, {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'The notification could not be found.',
    });
    expect(await unread(admin)).toBe(1);
    expect((await call(outsider, 'POST', '/api/notifications/2147483647/read', {})).statusCode).toBe(404);
    expect((await listOf(outsider)).items).toEqual([]);
  });

  it.each([
    ['GET', '/api/notifications?pageSize=1000', undefined, 'pageSize'],
    ['GET', '/api/notifications?filter=everything', undefined, 'filter'],
    ['GET', '/api/notifications?cursor=not-a-cursor', undefined, 'cursor'],
    ['POST', '/api/notifications/abc/read', {}, 'id'],
    ['POST', '/api/notifications/0/read', {}, 'id'],
    ['POST', '/api/notifications/1/read', { isRead: 'yes' }, 'isRead'],
  ] as const)('refuses %s %s with the one envelope', async (method, url, payload, field) => {
    const user = await createUser(t);
    const res = await call(user, method, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
  });

  it('requires sign-in', async () => {
    for (const url of ['/api/notifications', '/api/notifications/unread-count']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(401);
  });
});

describe('retention', () => {
  it(`deletes notifications older than ${NOTIFICATION_RETENTION_DAYS} days once their mail is settled, and keeps the rest`, async () => {
    const user = await createUser(t);
    const now = t.clock.now();
    const old = new Date(now.getTime() - (NOTIFICATION_RETENTION_DAYS + 1) * DAY_MS);
    const recent = new Date(now.getTime() - (NOTIFICATION_RETENTION_DAYS - 1) * DAY_MS);
    const row = (summary: string, createdAt: Date, emailStatus: 'pending' | 'sending' | 'sent' | 'skipped') => ({
      userId: user.user.id,
      kind: 'share' as const,
      summary,
      createdAt,
      emailStatus,
    });
    await t.db.db
      .insert(notifications)
      .values([
        row('old sent', old, 'sent'),
        row('old skipped', old, 'skipped'),
        row('old pending', old, 'pending'),
        row('old sending', old, 'sending'),
        row('recent sent', recent, 'sent'),
      ]);
    const { db, env, mailer } = t.app.deps;
    const context: JobContext = {
      jobId: 'purge-notifications-test',
      attempt: 1,
      deps: { db, clock: t.clock, env, mailer, log: t.app.log, secret: 's' },
    };
    await purgeNotificationsJob.handle({}, context);
    const left = await t.db.db
      .select({ summary: notifications.summary })
      .from(notifications)
      .where(eq(notifications.userId, user.user.id));
    expect(left.map((r) => r.summary).sort()).toEqual(['old pending', 'old sending', 'recent sent']);
  });
});
