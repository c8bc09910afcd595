import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { teamInvitations, teamMembers } from '../../db/schema/index.ts';
import type { JobContext } from '../../lib/jobs/job.ts';
import { registerViaApi } from '../../test/auth-helpers.ts';
import { createUser, signInAs, type TestUser } from '../../test/factories.ts';
import { decodedMail, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePro } from '../../test/team-fixtures.ts';
import { purgeInvitationsJob } from './teams.jobs.ts';

// The invitation flow end to end over a real SMTP peer: the link, single use, expiry, the wrong
// account, decline, withdrawal, and an address that registers first and then joins.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let owner: TestUser;
let teamId: number;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.example.test' } });
  owner = await createUser(t, { name: 'Olivia Owner', firstName: 'Olivia', lastName: 'Owner' });
  await makePro(t, owner, 'enterprise');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: owner.headers,
    payload: { name: 'Dental founders' },
  });
  teamId = res.json<{ data: { id: number } }>().data.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function invite(email: string, role = 'member'): Promise<{ id: number; token: string; raw: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/invitations`,
    headers: owner.headers,
    payload: { email, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ data: { id: number } }>().data.id;
  const mail = await smtp.waitFor(email.toLowerCase());
  const match = /teams\/join#token=([A-Za-z0-9_-]+)/.exec(decodedMail(mail.raw));
  if (!match?.[1]) throw new Error('no invitation link in the mail');
  return { id, token: match[1], raw: decodedMail(mail.raw) };
}

const post = (what: 'preview' | 'accept' | 'decline', token: string, user?: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: `/api/team-invitations/${what}`,
    ...(user ? { headers: user.headers } : {}),
    payload: { token },
  });

async function isMember(userId: number): Promise<boolean> {
  const rows = await t.db.db.select().from(teamMembers).where(eq(teamMembers.userId, userId));
  return rows.some((r) => r.teamId === teamId);
}

describe('team invitations by e-mail', () => {
  it('mails a signed link that shows the invitation and joins the invited account once', async () => {
    const bea = await createUser(t, { email: 'bea@example.test' });
    const { token, raw } = await invite('Bea@Example.test', 'viewer');
    expect(raw).toContain('Subject: Olivia Owner invited you to join Dental founders on Unbuilt');
    expect(raw).toContain('Olivia Owner invited you to join the team "Dental founders" on Unbuilt as a viewer.');
    expect(raw).toMatch(/http:\/\/app\.example\.test\/teams\/join#token=[A-Za-z0-9_-]{43}/);

    const preview = await post('preview', token);
    expect(preview.json().data).toMatchObject({
      teamName: 'Dental founders',
      invitedBy: 'Olivia Owner',
      email: 'bea@example.test',
      role: 'viewer',
      state: 'pending',
    });

    const attempts = await Promise.all([1, 2, 3, 4].map(() => post('accept', token, bea)));
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([200, 410, 410, 410]);
    expect(await isMember(bea.user.id)).toBe(true);
    const [row] = await t.db.db.select().from(teamMembers).where(eq(teamMembers.userId, bea.user.id));
    expect(row?.role).toBe('viewer');
    expect((await post('preview', token)).json().data.state).toBe('accepted');
  });

  it('refuses another account, a forged token, and sign-in-less accepts', async () => {
    const { token } = await invite('cato@example.test');
    const mallory = await createUser(t);
    const wrong = await post('accept', token, mallory);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('cato@example.test');
    expect(await isMember(mallory.user.id)).toBe(false);
    expect((await post('accept', token)).statusCode).toBe(401);
    expect((await post('accept', `${token.slice(0, -2)}AA`, mallory)).statusCode).toBe(404);
  });

  it('expires after 7 days', async () => {
    const dora = await createUser(t, { email: 'dora@example.test' });
    const { token } = await invite('dora@example.test');
    t.clock.advance(7 * DAY_MS + 1000);
    try {
      const res = await post('accept', token, { ...dora, headers: await freshHeaders(dora) });
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toMatch(/expired/);
    } finally {
      t.clock.set(null);
    }
    expect(await isMember(dora.user.id)).toBe(false);
  });

  it('declines without signing in, and a withdrawn invitation stops working', async () => {
    const declined = await invite('eve@example.test');
    expect((await post('decline', declined.token)).statusCode).toBe(200);
    expect((await post('decline', declined.token)).statusCode).toBe(410);

    const fay = await createUser(t, { email: 'fay@example.test' });
    const withdrawn = await invite('fay@example.test');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/team-invitations/${withdrawn.id}`,
      headers: owner.headers,
    });
    expect(del.json().data.state).toBe('revoked');
    const res = await post('accept', withdrawn.token, fay);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/withdrawn/);
  });

  it('an address without an account registers, then accepts and joins', async () => {
    const { token } = await invite('newcomer@example.test', 'admin');
    const reg = await registerViaApi(t, {
      email: 'newcomer@example.test',
      readMail: (to) => smtp.take(to, /confirm-email/),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/team-invitations/accept',
      headers: { authorization: `Bearer ${reg.accessToken}` },
      payload: { token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ teamId });
    const team = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${teamId}`,
      headers: { authorization: `Bearer ${reg.accessToken}` },
    });
    expect(team.json().data.myRole).toBe('admin');
    const feed = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${teamId}/activity?action=joined`,
      headers: owner.headers,
    });
    expect(feed.json().data.items[0]).toMatchObject({ who: 'newcomer@example.test', summary: 'joined the team' });
  });
});

/** A token signed at the moved clock (the one from before the jump has expired too). */
describe('the purge of old invitations', () => {
  it('deletes invitations a week past expiry or answer, and keeps the rest working', async () => {
    const now = Date.now();
    const backdate = (id: number, values: Partial<typeof teamInvitations.$inferInsert>) =>
      t.db.db.update(teamInvitations).set(values).where(eq(teamInvitations.id, id));
    const longExpired = await invite('gus@example.test');
    await backdate(longExpired.id, { createdAt: new Date(now - 15 * DAY_MS), expiresAt: new Date(now - 8 * DAY_MS) });
    const longDeclined = await invite('hal@example.test');
    expect((await post('decline', longDeclined.token)).statusCode).toBe(200);
    await backdate(longDeclined.id, { createdAt: new Date(now - 9 * DAY_MS), respondedAt: new Date(now - 8 * DAY_MS) });
    const justExpired = await invite('ivy@example.test');
    await backdate(justExpired.id, { createdAt: new Date(now - 8 * DAY_MS), expiresAt: new Date(now - DAY_MS) });
    const jo = await createUser(t, { email: 'jo@example.test' });
    const live = await invite('jo@example.test');

    const { db, env, mailer } = t.app.deps;
    const context: JobContext = {
      jobId: 'purge-test',
      attempt: 1,
      deps: { db, clock: t.clock, env, mailer, log: t.app.log, secret: 's' },
    };
    await purgeInvitationsJob.handle({}, context);

    const ids = (await t.db.db.select({ id: teamInvitations.id }).from(teamInvitations)).map((r) => r.id);
    expect(ids).not.toContain(longExpired.id);
    expect(ids).not.toContain(longDeclined.id);
    expect(ids).toEqual(expect.arrayContaining([justExpired.id, live.id]));
    // A recently expired link still says why it is closed; a purged one is simply not valid.
    expect((await post('preview', justExpired.token)).json().data.state).toBe('expired');
    expect((await post('preview', longExpired.token)).statusCode).toBe(404);
    const accepted = await post('accept', live.token, jo);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await isMember(jo.user.id)).toBe(true);
  });
});

async function freshHeaders(user: TestUser) {
  return { authorization: `Bearer ${await signInAs(t, user.user.id)}` };
}
