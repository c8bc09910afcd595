import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { securityAuditLogs, users } from '../../db/schema/index.ts';
import { createClock } from '../../lib/platform/clock.ts';
import type { JobContext } from '../../lib/jobs/job.ts';
import { outboxText, STRONG_PASSWORD, changePasswordViaApi, registerViaApi } from '../../test/auth-helpers.ts';
import { createUser, reloadUser, signInAs, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { passwordExpiryJob } from './password-expiry.jobs.ts';

// Password expiry with the controlled clock: set a maximum age in the console, move time, run the
// scheduled job's handler; the user is warned once before the age and must change it after.

const start = new Date('2026-03-01T09:00:00Z');
let t: TestApp;
let admin: TestUser;
let context: JobContext;

beforeAll(async () => {
  t = await createTestApp({ clock: createClock(start), env: { ENABLE_TEST_HOOKS: 'true' } });
  admin = await createUser(t, { role: 'admin' });
  const { db, env, mailer } = t.app.deps;
  context = {
    jobId: 'expiry-test',
    attempt: 1,
    deps: { db, clock: t.clock, env, mailer, log: t.app.log, secret: 's' },
  };
});
afterAll(() => t.close());

const runJob = () => passwordExpiryJob.handle({}, context);

function setPolicy(body: Record<string, unknown>, who: TestUser = admin) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/password-policy',
    headers: who.headers,
    payload: body,
  });
}

async function events(userId: number, eventType: string): Promise<number> {
  const rows = await t.db.db.select().from(securityAuditLogs).where(eq(securityAuditLogs.userId, userId));
  return rows.filter((r) => r.eventType === eventType).length;
}

describe('password expiry', () => {
  it('validates the setting and audits its change', async () => {
    for (const [body, message] of [
      [{ maxPasswordAgeDays: 3 }, 'Use at least 14 days (the warning goes out 7 days before)'],
      [{ maxPasswordAgeDays: 5000 }, 'Use at most 3650 days'],
      [{ maxPasswordAgeDays: 30.5 }, 'Enter a whole number of days'],
    ] as const) {
      const res = await setPolicy(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.maxPasswordAgeDays).toBe(message);
    }
    const member = await createUser(t);
    expect((await setPolicy({ maxPasswordAgeDays: 30 }, member)).statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings/password-policy',
      headers: admin.headers,
    });
    expect(read.json().data).toEqual({ maxPasswordAgeDays: null });
    expect(await events(admin.user.id, 'admin.settings_change')).toBe(0);
  });

  it('does nothing while no maximum age is set', async () => {
    const old = await createUser(t, { password: 'x', lastPasswordChange: new Date(start.getTime() - 900 * DAY_MS) });
    await runJob();
    expect(await reloadUser(t, old.user.id)).toMatchObject({
      passwordExpiryWarningSent: false,
      forcePasswordChange: false,
    });
  });

  it('warns once 7 days before the maximum age, forces a change after it, and a change starts over', async () => {
    const email = `expiring-${Date.now()}@example.test`;
    const { userId } = await registerViaApi(t, { email, password: STRONG_PASSWORD, name: 'Exp Iring' });
    // Access tokens last minutes and the clock moves by days: a fresh sign-in for each request.
    const headersNow = async () => ({ authorization: `Bearer ${await signInAs(t, userId)}` });
    expect((await setPolicy({ maxPasswordAgeDays: 30 })).json().data).toEqual({ maxPasswordAgeDays: 30 });
    expect(await events(admin.user.id, 'admin.settings_change')).toBe(1);

    t.clock.advance(22 * DAY_MS); // 8 days left: not yet
    await runJob();
    expect((await reloadUser(t, userId)).passwordExpiryWarningSent).toBe(false);

    t.clock.advance(2 * DAY_MS); // 6 days left: the warning
    await runJob();
    await runJob(); // the hourly run again: no second e-mail
    expect((await reloadUser(t, userId)).passwordExpiryWarningSent).toBe(true);
    expect(await events(userId, 'password_expiry_warning')).toBe(1);
    const mail = await outboxText(t, email, /expires on/);
    expect(mail).toContain('Your Unbuilt password expires on 2026-03-31');
    expect(mail).toContain('/change-password');
    expect((await t.app.inject({ method: 'GET', url: '/api/searches', headers: await headersNow() })).statusCode).toBe(
      200,
    );

    t.clock.advance(7 * DAY_MS); // 31 days: expired
    await runJob();
    expect((await reloadUser(t, userId)).forcePasswordChange).toBe(true);
    expect(await events(userId, 'password_expired')).toBe(1);
    const headers = await headersNow();
    const blocked = await t.app.inject({ method: 'GET', url: '/api/searches', headers });
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await changePasswordViaApi(t, headers, STRONG_PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await reloadUser(t, userId)).toMatchObject({ forcePasswordChange: false, passwordExpiryWarningSent: false });
    await runJob();
    expect(await reloadUser(t, userId)).toMatchObject({ forcePasswordChange: false, passwordExpiryWarningSent: false });
  });

  it('leaves accounts without a password and disabled accounts alone', async () => {
    const social = await createUser(t, { password: null, createdAt: new Date(start.getTime() - 400 * DAY_MS) });
    const disabled = await createUser(t, {
      password: 'x',
      isActive: false,
      createdAt: new Date(start.getTime() - 400 * DAY_MS),
    });
    await runJob();
    for (const u of [social, disabled]) {
      expect(await reloadUser(t, u.user.id)).toMatchObject({
        forcePasswordChange: false,
        passwordExpiryWarningSent: false,
      });
    }
    await t.db.db.update(users).set({ isActive: true }).where(eq(users.id, disabled.user.id));
  });
});
