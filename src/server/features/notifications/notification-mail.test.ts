import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleOf } from '#shared/notifications/mentions.ts';
import { notifications, userPreferences } from '../../db/schema/index.ts';
import type { JobContext } from '../../lib/jobs/job.ts';
import { notifyMarketChanged } from '../../lib/domain/notify.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createUser, signInAs, type TestUser } from '../../test/factories.ts';
import { decodedMail, startSmtpPeer } from '../../test/smtp-peer.ts';
import { castTeam, type TeamCast } from '../../test/team-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sendNotificationMails } from './notification-mail.service.ts';
import { digestMailJob, immediateMailJob } from './notifications.jobs.ts';

// Notification e-mails over a real SMTP peer: immediate mails, the weekly digest on the controlled
// clock (one mail per user even when two runs overlap), preferences honoured, and the unsubscribe
// link working without a session while a tampered token is refused.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let context: JobContext;
// A Wednesday; the week's digest is due from Monday 2027-03-08 00:00 UTC.
const WEDNESDAY = new Date('2027-03-03T10:00:00Z');
const NEXT_MONDAY = new Date('2027-03-08T06:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.example.test' },
    overrides: { searchEngine: createFakeEngine() },
  });
  const { db, env, mailer } = t.app.deps;
  context = {
    jobId: 'notification-mail-test',
    attempt: 1,
    deps: { db, clock: t.clock, env, mailer, log: t.app.log, secret: 's' },
  };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function setFrequency(user: TestUser, notificationPreferences: Record<string, unknown>): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/account/preferences',
    headers: user.headers,
    payload: { notificationPreferences },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A team whose owner shares an analysis with it; returns the analysis id. */
async function sharedCast(): Promise<{ cast: TeamCast; searchId: number }> {
  const cast = await castTeam(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: cast.users.owner.headers,
    payload: { query: 'dental clinic scheduling' },
  });
  const searchId = res.json<{ data: { search: { id: number } } }>().data.search.id;
  const share = await t.app.inject({
    method: 'POST',
    url: `/api/searches/${searchId}/team-shares`,
    headers: cast.users.owner.headers,
    payload: { teamId: cast.teamId },
  });
  expect(share.statusCode, share.body).toBe(201);
  return { cast, searchId };
}

async function mention(author: TestUser, searchId: number, who: TestUser, text = 'what do you think?') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/searches/${searchId}/comments`,
    headers: author.headers,
    payload: { content: `@${handleOf(who.user.email)} ${text}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const mailsTo = (user: TestUser) => smtp.received.filter((m) => m.to.includes(user.user.email));
const statusesOf = async (user: TestUser) =>
  (await t.db.db.select().from(notifications).where(eq(notifications.userId, user.user.id))).map((n) => n.emailStatus);

/** Q-encoded header words (=?UTF-8?Q?…?=) as text. */
function qDecoded(word: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(word.slice(i + 1, i + 3))) {
      bytes.push(parseInt(word.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(c === '_' ? 32 : c.charCodeAt(0));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The mail as a reader sees it: folded header lines joined, encoded words and the body decoded. */
function readable(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?/g, '?==?');
  return decodedMail(unfolded.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, word: string) => qDecoded(word)));
}

function tokenFrom(raw: string): string {
  const match = /\/unsubscribe#token=([0-9]+\.[A-Za-z0-9_-]+)/.exec(decodedMail(raw));
  if (!match?.[1]) throw new Error('no unsubscribe link in the mail');
  return match[1];
}

describe('immediate e-mails', () => {
  it('mails a mention from a job (not the request), once, with the link and an unsubscribe header', async () => {
    const { cast, searchId } = await sharedCast();
    const { member, admin } = cast.users;
    await setFrequency(admin, { frequency: 'immediate' });
    await t.db.db.update(notifications).set({ emailStatus: 'skipped' }).where(eq(notifications.userId, admin.user.id));
    await mention(member, searchId, admin, 'can you check the pricing?');
    expect(mailsTo(admin)).toHaveLength(0);
    await immediateMailJob.handle({}, context);
    await immediateMailJob.handle({}, context);
    expect(mailsTo(admin)).toHaveLength(1);
    const raw = readable(mailsTo(admin)[0]!.raw);
    expect(raw).toContain('Subject: Test mentioned you on “dental clinic scheduling”');
    expect(raw).toContain('can you check the pricing?');
    expect(raw).toContain(`http://app.example.test/shared/analyses/${searchId}#comment-`);
    expect(raw).toMatch(
      /List-Unsubscribe: <http:\/\/app\.example\.test\/api\/notifications\/unsubscribe\/one-click\?token=\d+\.[\w-]{43}>/,
    );
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect((await statusesOf(admin)).sort()).toEqual(['sent', 'skipped']);
  });

  it('skips what was read in the app first, muted categories, and everything for "never"', async () => {
    const { cast, searchId } = await sharedCast();
    const { member, admin, viewer, owner } = cast.users;
    await setFrequency(admin, { frequency: 'immediate', categories: ['replies'] });
    await setFrequency(viewer, { frequency: 'never' });
    await setFrequency(owner, { frequency: 'immediate' });
    await mention(member, searchId, admin);
    await mention(member, searchId, viewer);
    await mention(member, searchId, owner);
    await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: owner.headers });
    await immediateMailJob.handle({}, context);
    for (const user of [admin, viewer, owner]) {
      expect(mailsTo(user)).toHaveLength(0);
      expect(new Set(await statusesOf(user))).toEqual(new Set(['skipped']));
    }
  });
});

describe('a watched market that changed (issue 33)', () => {
  it('is mailed by the same preferences, linking to "What changed", and muted with its category', async () => {
    const founder = await createUser(t);
    const muted = await createUser(t);
    const searchIds: number[] = [];
    for (const user of [founder, muted]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: user.headers,
        payload: { query: 'accounting for law firms' },
      });
      searchIds.push(res.json<{ data: { search: { id: number } } }>().data.search.id);
    }
    await setFrequency(founder, { frequency: 'immediate' });
    await setFrequency(muted, { frequency: 'immediate', categories: ['mentions', 'replies', 'shares', 'team'] });
    for (const [i, user] of [founder, muted].entries())
      await notifyMarketChanged(t.db.db, {
        userId: user.user.id,
        searchId: searchIds[i]!,
        headline: '1 company entered, 1 status change',
        now: t.clock.now(),
      });
    await immediateMailJob.handle({}, context);
    expect(mailsTo(founder)).toHaveLength(1);
    const raw = readable(mailsTo(founder)[0]!.raw);
    expect(raw).toContain('“accounting for law firms” changed on new data: 1 company entered, 1 status change');
    expect(raw).toContain(`http://app.example.test/search/${searchIds[0]!}#what-changed`);
    expect(mailsTo(muted)).toHaveLength(0);
    expect(await statusesOf(muted)).toEqual(['skipped']);
  });
});

describe('when sending fails or a run dies', () => {
  it('gives the notifications back for the retry, and releases a claim left by a dead run', async () => {
    const { cast, searchId } = await sharedCast();
    const { member, admin } = cast.users;
    await setFrequency(admin, { frequency: 'immediate' });
    await t.db.db.update(notifications).set({ emailStatus: 'skipped' }).where(eq(notifications.userId, admin.user.id));
    await mention(member, searchId, admin, 'first try fails');
    const failing = {
      sendMail: async () => {
        throw new Error('SMTP refused');
      },
    };
    const options = {
      db: t.db.db,
      clock: t.clock,
      publicUrl: 'http://app.example.test',
      secret: 's',
      frequencies: ['immediate'] as const,
    };
    await expect(sendNotificationMails({ ...options, mailer: failing })).rejects.toThrow('SMTP refused');
    expect((await statusesOf(admin)).sort()).toEqual(['pending', 'skipped']);

    // A run that claimed the row and died: after 15 minutes the row is someone else's to send.
    await t.db.db
      .update(notifications)
      .set({ emailStatus: 'sending', emailedAt: new Date(t.clock.now().getTime() - 16 * 60_000) })
      .where(and(eq(notifications.userId, admin.user.id), eq(notifications.emailStatus, 'pending')));
    await immediateMailJob.handle({}, context);
    expect(mailsTo(admin)).toHaveLength(1);
    expect(readable(mailsTo(admin)[0]!.raw)).toContain('first try fails');
    expect((await statusesOf(admin)).sort()).toEqual(['sent', 'skipped']);
  });
});

describe('the weekly digest on the controlled clock', () => {
  it('sends one mail per user per week once the week is over, even when two runs overlap', async () => {
    t.clock.set(WEDNESDAY);
    try {
      // Users and tokens made at the moved clock, so the access tokens are valid there.
      const { cast, searchId } = await sharedCast();
      const { member, admin, viewer } = cast.users;
      for (const text of ['first', 'second', 'third']) await mention(member, searchId, admin, text);
      await mention(member, searchId, viewer);
      await digestMailJob.handle({}, context);
      expect(mailsTo(admin)).toHaveLength(0);

      t.clock.set(NEXT_MONDAY);
      await Promise.all([digestMailJob.handle({}, context), digestMailJob.handle({}, context)]);
      await digestMailJob.handle({}, context);
      expect(mailsTo(admin)).toHaveLength(1);
      expect(mailsTo(viewer)).toHaveLength(1);
      const raw = readable(mailsTo(admin)[0]!.raw);
      expect(raw).toContain('Subject: Your weekly Unbuilt summary: 4 new notifications');
      for (const text of ['first', 'second', 'third']) expect(raw).toContain(text);
      expect(raw).toContain('Test shared');
      const rows = await t.db.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
      expect(rows.map((r) => [r.emailStatus, r.emailBatch])).toEqual(Array(4).fill(['sent', 'weekly']));

      // Monday's own notifications wait for the next week.
      const fresh = { ...member, headers: { authorization: `Bearer ${await signInAs(t, member.user.id)}` } };
      await mention(fresh, searchId, admin, 'fresh on monday');
      await digestMailJob.handle({}, context);
      expect(mailsTo(admin)).toHaveLength(1);
    } finally {
      t.clock.set(null);
    }
  });
});

describe('unsubscribe without signing in', () => {
  async function mailedUser(): Promise<{ user: TestUser; raw: string }> {
    const { cast, searchId } = await sharedCast();
    const { member, admin } = cast.users;
    await setFrequency(admin, { frequency: 'immediate' });
    await mention(member, searchId, admin);
    await immediateMailJob.handle({}, context);
    const mail = mailsTo(admin).at(-1);
    if (!mail) throw new Error('no mail');
    return { user: admin, raw: mail.raw };
  }

  const frequencyOf = async (user: TestUser) => {
    const [row] = await t.db.db.select().from(userPreferences).where(eq(userPreferences.userId, user.user.id));
    return row?.notificationPreferences.frequency;
  };

  it('the page link turns notification e-mails off, with no session', async () => {
    const { user, raw } = await mailedUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: tokenFrom(raw) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ email: expect.stringMatching(/^u•+@example\.test$/), frequency: 'never' });
    expect(await frequencyOf(user)).toBe('never');
    // In-app notifications continue; the bell still counts them.
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: { authorization: `Bearer ${await signInAs(t, user.user.id)}` },
    });
    expect(count.json().data.unread).toBeGreaterThan(0);
  });

  it('one-click (RFC 8058) posts the form to the header URL', async () => {
    const { user, raw } = await mailedUser();
    const url = /List-Unsubscribe: <http:\/\/app\.example\.test([^>]+)>/.exec(readable(raw))?.[1];
    const res = await t.app.inject({
      method: 'POST',
      url: url ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await frequencyOf(user)).toBe('never');
  });

  it('refuses a tampered or forged token clearly and changes nothing', async () => {
    const { user, raw } = await mailedUser();
    const token = tokenFrom(raw);
    const [id, mac] = token.split('.') as [string, string];
    const other = await createUser(t);
    for (const bad of [`${id}.${mac.slice(0, -2)}AA`, `${String(other.user.id)}.${mac}`, 'garbage']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        payload: { token: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(res.json().message).toContain('This unsubscribe link is not valid');
    }
    expect(await frequencyOf(user)).toBe('immediate');
    const empty = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: {} });
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
