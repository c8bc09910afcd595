import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, securityAlerts, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AUTH_THROTTLES } from './auth-throttle.service.ts';
import { NOTICE_THRESHOLD } from './login.service.ts';
import { FREE_FAILURES, MAX_DELAY_MS } from './login-delay.service.ts';
import { login, originOf, registerViaApi } from '../../test/auth-helpers.ts';
import { DEVICE_COOKIE } from './device-cookie.http.ts';

// Failed sign-ins slow their source, never lock the account (docs/decisions/031, issue 32): a
// stranger's guesses cannot keep the owner out, and cannot tell a known e-mail from an unknown one.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG = 'Wrong-Password-123';

function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const list = ([] as unknown[]).concat(res.headers['set-cookie'] ?? []).map(String);
  const line = list.find((l) => l.startsWith(`${DEVICE_COOKIE}=`));
  if (!line) throw new Error('no device cookie');
  return line.split(';')[0]!;
}
const loginWithCookie = (email: string, password: string, cookie: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: originOf(t), cookie },
    remoteAddress: ip,
    payload: { email, password },
  });

/** `count` real failures from one address: when it is made to wait, the clock moves past the wait. */
async function strangerFails(email: string, ip: string, count: number): Promise<number> {
  let waited = 0;
  for (let failures = 0; failures < count;) {
    const res = await login(t, email, WRONG, ip);
    if (res.statusCode === 429) {
      waited++;
      t.clock.advance(Number(res.headers['retry-after']) * 1000 + 1);
      continue;
    }
    expect(res.statusCode).toBe(401);
    failures++;
  }
  return waited;
}

describe('failed sign-ins slow the stranger, not the owner', () => {
  it("a stranger's 50 failures from one address do not stop the owner's known device there, nor the owner anywhere else", async () => {
    t.clock.set(new Date('2026-08-01T08:00:00Z'));
    const owner = await registerViaApi(t, { ip: '10.1.0.1' });
    const ownDevice = deviceCookieOf(await login(t, owner.email, owner.password, '10.1.0.1'));
    const waits = await strangerFails(owner.email, '10.1.0.66', 50);
    expect(waits).toBeGreaterThan(0);
    // Right after the 50th failure the stranger's address must wait, even with the right password…
    expect((await login(t, owner.email, owner.password, '10.1.0.66')).statusCode).toBe(429);
    // …but the owner's own browser on that same network is in at once,
    expect((await loginWithCookie(owner.email, owner.password, ownDevice, '10.1.0.66')).statusCode).toBe(200);
    // and a new device of the owner's elsewhere is not locked out either.
    expect((await login(t, owner.email, owner.password, '10.1.0.2')).statusCode).toBe(200);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row).toMatchObject({ accountLocked: false, lockoutExpires: null });
    t.clock.set(null);
  });

  it('waits double after the free failures of an address and e-mail: 1 s, 2 s, 4 s', async () => {
    t.clock.set(new Date('2026-08-02T08:00:00Z'));
    const reg = await registerViaApi(t, { ip: '10.1.1.1' });
    for (let i = 0; i < FREE_FAILURES.sourceAndEmail - 1; i++)
      expect((await login(t, reg.email, WRONG, '10.1.1.9')).statusCode).toBe(401);
    const waits: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await login(t, reg.email, WRONG, '10.1.1.9')).statusCode).toBe(401);
      const refused = await login(t, reg.email, WRONG, '10.1.1.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      waits.push(String(refused.headers['retry-after']));
      t.clock.advance(Number(refused.headers['retry-after']) * 1000);
    }
    expect(waits).toEqual(['1', '2', '4']);
    // Another address with the same e-mail is not slowed by them.
    expect((await login(t, reg.email, reg.password, '10.1.1.10')).statusCode).toBe(200);
    t.clock.set(null);
  });

  it("a known device is slowed by its own failures only; a forged or another account's cookie counts as a new device", async () => {
    t.clock.set(new Date('2026-08-03T08:00:00Z'));
    const victim = await registerViaApi(t, { ip: '10.1.2.1' });
    const other = await registerViaApi(t, { ip: '10.1.2.2' });
    const otherDevice = deviceCookieOf(await login(t, other.email, other.password, '10.1.2.2'));
    const victimDevice = deviceCookieOf(await login(t, victim.email, victim.password, '10.1.2.1'));
    const forged = `${DEVICE_COOKIE}=${String(victim.userId)}.AAAA.${'x'.repeat(43)}`;
    for (const cookie of [forged, otherDevice]) {
      for (let i = 0; i < FREE_FAILURES.sourceAndEmail; i++)
        await loginWithCookie(victim.email, WRONG, cookie, '10.1.2.3');
      expect((await loginWithCookie(victim.email, victim.password, cookie, '10.1.2.3')).statusCode).toBe(429);
      t.clock.advance(MAX_DELAY_MS);
    }
    for (let i = 0; i < FREE_FAILURES.device; i++)
      expect((await loginWithCookie(victim.email, WRONG, victimDevice, '10.1.2.1')).statusCode).toBe(401);
    expect((await loginWithCookie(victim.email, victim.password, victimDevice, '10.1.2.1')).statusCode).toBe(429);
    t.clock.set(null);
  });

  it('e-mails the owner once after 10 failures in a row, with the reset link, and raises an alert', async () => {
    const reg = await registerViaApi(t, { ip: '10.1.3.1' });
    for (let i = 0; i < NOTICE_THRESHOLD + 2; i++) await login(t, reg.email, WRONG, `192.0.2.${String(i)}`);
    const mails = (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, reg.email))).filter(
      (mail) => !mail.text.includes('/auth/confirm-email'), // the registration link came first
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('10 times in a row');
    expect(mails[0]!.text).toContain('not');
    expect(mails[0]!.text).toContain('/forgot-password');
    const alerts = await t.db.db.select().from(securityAlerts).where(eq(securityAlerts.userId, reg.userId));
    expect(alerts.map((a) => a.alertType)).toEqual(['repeated_login_failures']);
    expect((await login(t, reg.email, reg.password, '10.1.3.1')).statusCode).toBe(200);
  });

  it('a success resets the count; concurrent failures are counted exactly', async () => {
    const reg = await registerViaApi(t, { ip: '10.0.0.2' });
    for (let i = 0; i < 3; i++) await login(t, reg.email, WRONG, '10.0.0.2');
    expect((await login(t, reg.email, reg.password, '10.0.0.2')).statusCode).toBe(200);
    const [reset] = await t.db.db.select().from(users).where(eq(users.id, reg.userId));
    expect(reset!.failedLoginAttempts).toBe(0);
    await Promise.all(Array.from({ length: 4 }, (_, i) => login(t, reg.email, WRONG, `10.0.9.${String(i)}`)));
    const [row] = await t.db.db.select().from(users).where(eq(users.id, reg.userId));
    expect(row!.failedLoginAttempts).toBe(4);
  });
});

describe('equal answers for unknown and known e-mails', () => {
  it('gives the same status, body and waits, attempt after attempt, for an unknown e-mail and a wrong password', async () => {
    t.clock.set(new Date('2026-08-04T08:00:00Z'));
    const reg = await registerViaApi(t, { ip: '10.0.0.4' });
    const run = async (email: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i < FREE_FAILURES.sourceAndEmail + 3; i++) {
        const res = await login(t, email, WRONG, ip);
        seen.push(`${String(res.statusCode)} ${res.body} ${String(res.headers['retry-after'] ?? '-')}`);
      }
      return seen;
    };
    const known = await run(reg.email, '10.0.4.1');
    const unknown = await run('nobody-here@example.test', '10.0.4.2');
    expect(unknown).toEqual(known);
    expect(known[0]).toContain('Invalid credentials. Please try again.');
    expect(known.at(-1)).toMatch(/^429 /);
    t.clock.set(null);
  });
});

describe('per-IP throttles', () => {
  it('throttles login per client IP, not per header, and other IPs separately', async () => {
    const reg = await registerViaApi(t, { ip: '10.0.1.1' });
    const { limit } = AUTH_THROTTLES.login;
    for (let i = 0; i < limit; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.2.2',
        // A spoofed header must not give each attempt a fresh bucket (TRUST_PROXY is off).
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: `unknown-${String(i)}@example.test`, password: 'Wrong-Password-123' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(t, reg.email, reg.password, '10.0.2.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(t, reg.email, reg.password, '10.0.3.3')).statusCode).toBe(200);
  });

  it('throttles registration per IP', async () => {
    const { limit } = AUTH_THROTTLES.register;
    for (let i = 0; i < limit; i++) await registerViaApi(t, { ip: '10.0.4.4' });
    await expect(registerViaApi(t, { ip: '10.0.4.4' })).rejects.toThrow(/429/);
    await expect(registerViaApi(t, { ip: '10.0.5.5' })).resolves.toMatchObject({ userId: expect.any(Number) });
  });
});

describe('client IP behind a trusted proxy', () => {
  it('keys the throttle on X-Forwarded-For only when TRUST_PROXY names the proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.10.0.1' } });
    try {
      let n = 0;
      const attempt = (forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.10.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email: `unknown-${String(n++)}@example.test`, password: 'Wrong-Password-123' },
        });
      const { limit } = AUTH_THROTTLES.login;
      for (let i = 0; i < limit; i++) expect((await attempt('198.51.100.7')).statusCode).toBe(401);
      expect((await attempt('198.51.100.7')).statusCode).toBe(429);
      expect((await attempt('198.51.100.8')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
