import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MAIL_SERVER_NOTE, REGISTRATION_SENT_MESSAGE } from '#shared/auth/auth.schemas.ts';
import { jwtTokens, pendingRegistrations, users } from '../../db/schema/index.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import {
  STRONG_PASSWORD,
  confirmRegistrationViaApi,
  login,
  registerViaApi,
  registrationTokenFrom,
  startRegistrationViaApi,
} from '../../test/auth-helpers.ts';
import type { JobContext } from '../../lib/jobs/job.ts';
import { purgePendingRegistrationsJob } from './auth.jobs.ts';
import { REGISTRATION_LINK_TTL_MS } from './registration.service.ts';

// Registration never tells a caller whether an address has an account (docs/decisions/034): the
// same answer for a new and a taken address, a link for the first, a notice to the owner of the second.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.example.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ATTACKER_PASSWORD = 'Quartz-Pelican-Harvest-83';
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.test`;
const passwordHashOf = async (id: number) =>
  (await t.db.db.select({ password: users.password }).from(users).where(eq(users.id, id)))[0]?.password;

describe('registration with a taken e-mail', () => {
  it('answers exactly like a new address: same status, same body, no session', async () => {
    const owner = await registerViaApi(t, { readMail: smtp.take });
    const taken = await startRegistrationViaApi(t, {
      email: owner.email.toUpperCase(),
      password: ATTACKER_PASSWORD,
      name: 'Mallory Stranger',
    });
    const fresh = await startRegistrationViaApi(t, {
      email: unique('fresh'),
      password: ATTACKER_PASSWORD,
      name: 'Mallory Stranger',
    });
    expect(taken.statusCode).toBe(202);
    expect(fresh.statusCode).toBe(taken.statusCode);
    expect(taken.json()).toEqual({ success: true, data: null, message: REGISTRATION_SENT_MESSAGE });
    expect(fresh.body).toBe(taken.body);
    for (const res of [taken, fresh]) {
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).not.toMatch(/accessToken/);
    }
    // The same work for both: one stored registration each, its password hashed (argon2) either way.
    const rows = await t.db.db.select().from(pendingRegistrations);
    const attempts = rows.filter((r) => r.name === 'Mallory Stranger');
    expect(attempts).toHaveLength(2);
    for (const row of attempts) expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("mails the owner a notice, issues no link or session, and leaves the owner's password alone", async () => {
    const owner = await registerViaApi(t, { readMail: smtp.take });
    const hashBefore = await passwordHashOf(owner.userId);
    const sessionsBefore = await t.db.db.select().from(jwtTokens).where(eq(jwtTokens.userId, owner.userId));

    const res = await startRegistrationViaApi(t, { email: owner.email, password: ATTACKER_PASSWORD, name: 'Mallory' });
    expect(res.statusCode).toBe(202);
    const notice = await smtp.take(owner.email);
    expect(notice).toContain('Subject: Someone tried to register with your address');
    expect(notice).toContain('already has an account');
    expect(notice).toContain('http://app.example.test/auth/login');
    expect(notice).toContain('http://app.example.test/forgot-password');
    expect(notice).not.toMatch(/confirm-email/);

    // No link exists for that registration, so nothing can turn it into a session or an account.
    const attempts = await t.db.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.name, 'Mallory'));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ tokenHash: null });
    expect(attempts[0]!.usedAt).not.toBeNull();
    expect(await t.db.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    expect(await t.db.db.select().from(jwtTokens).where(eq(jwtTokens.userId, owner.userId))).toEqual(sessionsBefore);
    expect(await passwordHashOf(owner.userId)).toBe(hashBefore);
    expect((await login(t, owner.email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await login(t, owner.email, owner.password)).statusCode).toBe(200);
  });
});

describe('registration with a new e-mail', () => {
  it('creates the account only when the mailed link is opened, once, and signs in', async () => {
    const email = unique('new');
    const started = await startRegistrationViaApi(t, { email, name: 'Nora Newcomer' });
    expect(started.statusCode).toBe(202);
    // Until the link is opened there is no account: signing in answers like an unknown e-mail.
    expect(await t.db.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await login(t, email, STRONG_PASSWORD)).statusCode).toBe(401);

    const mail = await smtp.take(email);
    expect(mail).toContain('Subject: Finish creating your Unbuilt account');
    const token = registrationTokenFrom(mail);
    const opened = await confirmRegistrationViaApi(t, token);
    expect(opened.statusCode).toBe(201);
    expect(opened.json().data.user).toMatchObject({ email, name: 'Nora Newcomer', firstName: 'Nora' });
    expect(String(opened.headers['set-cookie'])).toMatch(/unbuilt_refresh=/);
    expect((await login(t, email, STRONG_PASSWORD)).statusCode).toBe(200);

    const again = await confirmRegistrationViaApi(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors.token).toMatch(/invalid or has expired/);
  });

  it('two registrations of one free address: the first link opened wins, the other is refused', async () => {
    const email = unique('twice');
    await startRegistrationViaApi(t, { email, name: 'First Person' });
    const firstToken = registrationTokenFrom(await smtp.take(email));
    await startRegistrationViaApi(t, { email, name: 'Second Person', password: ATTACKER_PASSWORD });
    const secondToken = registrationTokenFrom(await smtp.take(email));
    expect((await confirmRegistrationViaApi(t, secondToken)).statusCode).toBe(201);
    expect((await confirmRegistrationViaApi(t, firstToken)).statusCode).toBe(400);
    expect(await t.db.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('carries an invitation path into the link, and the link expires after 24 hours', async () => {
    const email = unique('late');
    await startRegistrationViaApi(t, { email, name: 'Late Comer', redirectTo: '/teams/join' });
    const mail = await smtp.take(email);
    expect(mail).toContain('/auth/confirm-email?redirectTo=%2Fteams%2Fjoin#token=');
    t.clock.advance(REGISTRATION_LINK_TTL_MS + 1000);
    try {
      expect((await confirmRegistrationViaApi(t, registrationTokenFrom(mail))).statusCode).toBe(400);
    } finally {
      t.clock.set(null);
    }
  });

  it('says where the link is when the server has no mail server, in the same words for every address', async () => {
    const offline = await createTestApp();
    try {
      const owner = await createUser(offline);
      const answers = await Promise.all(
        [owner.user.email, unique('offline')].map(async (email) => {
          const res = await startRegistrationViaApi(offline, { email, password: STRONG_PASSWORD, name: 'Someone' });
          return { status: res.statusCode, body: res.json<{ message: string }>() };
        }),
      );
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]!.body.message).toBe(`${REGISTRATION_SENT_MESSAGE} ${NO_MAIL_SERVER_NOTE}`);
    } finally {
      await offline.close();
    }
  });

  it('refuses a redirect to another site', async () => {
    for (const redirectTo of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      const res = await startRegistrationViaApi(t, { email: unique('redir'), redirectTo });
      expect(res.statusCode, redirectTo).toBe(400);
    }
  });
});

describe('the purge of pending registrations', () => {
  it('deletes registrations whose link has expired and keeps live ones, whose link still works', async () => {
    const expired = unique('expired');
    const live = unique('live');
    await startRegistrationViaApi(t, { email: expired, name: 'Gone Later' });
    const expiredToken = registrationTokenFrom(await smtp.take(expired));
    await startRegistrationViaApi(t, { email: live, name: 'Still Here' });
    const liveToken = registrationTokenFrom(await smtp.take(live));
    // Started a day and two minutes ago: its link expired a minute ago.
    const now = Date.now();
    await t.db.db
      .update(pendingRegistrations)
      .set({ createdAt: new Date(now - REGISTRATION_LINK_TTL_MS - 120_000), expiresAt: new Date(now - 60_000) })
      .where(eq(pendingRegistrations.email, expired));

    const { db, env, mailer } = t.app.deps;
    const context: JobContext = {
      jobId: 'purge-test',
      attempt: 1,
      deps: { db, clock: t.clock, env, mailer, log: t.app.log, secret: 's' },
    };
    await purgePendingRegistrationsJob.handle({}, context);

    const left = async (email: string) =>
      t.db.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email));
    expect(await left(expired)).toEqual([]);
    expect(await left(live)).toHaveLength(1);
    expect((await confirmRegistrationViaApi(t, expiredToken)).statusCode).toBe(400);
    const opened = await confirmRegistrationViaApi(t, liveToken);
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().data.user).toMatchObject({ email: live, name: 'Still Here' });
  });
});
