import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, securityAlerts, securityAuditLogs, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AUTH_THROTTLES } from './auth-throttle.ts';
import { LOCKOUT_MS, LOCKOUT_THRESHOLD } from './login.service.ts';
import { login, originOf, registerViaApi } from '../../test/auth-helpers.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('account lockout', () => {
  it('locks on the 11th attempt even with the right password, and unlocks after 30 minutes', async () => {
    const reg = await registerViaApi(t, { ip: '10.0.0.1' });
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      const res = await login(t, reg.email, 'Wrong-Password-123', '10.0.0.1');
      expect(res.statusCode).toBe(401);
    }
    const [locked] = await t.db.db.select().from(users).where(eq(users.id, reg.userId));
    expect(locked).toMatchObject({ accountLocked: true, failedLoginAttempts: LOCKOUT_THRESHOLD });
    expect(locked!.lastFailedLogin).toBeInstanceOf(Date);

    const eleventh = await login(t, reg.email, reg.password, '10.0.0.1');
    expect(eleventh.statusCode).toBe(423);
    expect(eleventh.json().code).toBe('ACCOUNT_LOCKED');

    const alerts = await t.db.db.select().from(securityAlerts).where(eq(securityAlerts.userId, reg.userId));
    expect(alerts.map((a) => a.alertType)).toEqual(['account_locked']);
    const audit = await t.db.db.select().from(securityAuditLogs).where(eq(securityAuditLogs.userId, reg.userId));
    expect(audit.filter((r) => r.eventType === 'account_locked')).toHaveLength(1);

    t.clock.advance(LOCKOUT_MS - 60_000);
    expect((await login(t, reg.email, reg.password, '10.0.0.1')).statusCode).toBe(423);
    t.clock.advance(120_000);
    const ok = await login(t, reg.email, reg.password, '10.0.0.1');
    expect(ok.statusCode).toBe(200);
    const [after] = await t.db.db.select().from(users).where(eq(users.id, reg.userId));
    expect(after).toMatchObject({ accountLocked: false, failedLoginAttempts: 0 });
    t.clock.set(null);
  });

  it('a success resets the count', async () => {
    const reg = await registerViaApi(t, { ip: '10.0.0.2' });
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++) await login(t, reg.email, 'Wrong-Password-123', '10.0.0.2');
    expect((await login(t, reg.email, reg.password, '10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++) await login(t, reg.email, 'Wrong-Password-123', '10.0.0.2');
    expect((await login(t, reg.email, reg.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('counts concurrent failures exactly', async () => {
    const reg = await registerViaApi(t, { ip: '10.0.0.3' });
    await Promise.all(Array.from({ length: 6 }, () => login(t, reg.email, 'Wrong-Password-123', '10.0.0.3')));
    const [row] = await t.db.db.select().from(users).where(eq(users.id, reg.userId));
    expect(row!.failedLoginAttempts).toBe(6);
  });
});

describe('a lock strangers cannot hold (docs/decisions/014)', () => {
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

  it('lets the owner in from a device signed in before, while new devices stay locked out', async () => {
    const reg = await registerViaApi(t, { ip: '10.0.6.1' });
    const ownDevice = deviceCookieOf(await login(t, reg.email, reg.password, '10.0.6.1'));
    // Guesses from rotating addresses lock the account.
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) await login(t, reg.email, 'Wrong-Password-123', `198.51.100.${i}`);
    expect((await login(t, reg.email, reg.password, '10.0.6.2')).statusCode).toBe(423);
    // The owner's own browser, with the right password: in, and the lock is lifted.
    const owner = await loginWithCookie(reg.email, reg.password, ownDevice, '10.0.6.1');
    expect(owner.statusCode).toBe(200);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, reg.userId));
    expect(row).toMatchObject({ accountLocked: false, failedLoginAttempts: 0 });
  });

  it('a forged device cookie, or another account’s, does not pass the lock, and a known device still needs the password', async () => {
    const victim = await registerViaApi(t, { ip: '10.0.7.1' });
    const attacker = await registerViaApi(t, { ip: '10.0.7.2' });
    const attackerDevice = deviceCookieOf(await login(t, attacker.email, attacker.password, '10.0.7.2'));
    const victimDevice = deviceCookieOf(await login(t, victim.email, victim.password, '10.0.7.1'));
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) await login(t, victim.email, 'Wrong-Password-123', `203.0.113.${i}`);
    const forged = `${DEVICE_COOKIE}=${String(victim.userId)}.AAAA.${'x'.repeat(43)}`;
    for (const cookie of [forged, attackerDevice]) {
      expect((await loginWithCookie(victim.email, victim.password, cookie, '10.0.7.3')).statusCode).toBe(423);
    }
    expect((await loginWithCookie(victim.email, 'Wrong-Password-123', victimDevice, '10.0.7.1')).statusCode).toBe(401);
  });

  it('e-mails the owner once when the lock starts, with the reset link that lifts it', async () => {
    const reg = await registerViaApi(t, { ip: '10.0.8.1' });
    for (let i = 0; i < LOCKOUT_THRESHOLD + 2; i++) await login(t, reg.email, 'Wrong-Password-123', `192.0.2.${i}`);
    const mails = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, reg.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('10 times in a row');
    expect(mails[0]!.text).toContain('/forgot-password');
  });
});

describe('equal answers for unknown and known e-mails', () => {
  it('gives the same status and body for an unknown e-mail and a wrong password', async () => {
    const reg = await registerViaApi(t, { ip: '10.0.0.4' });
    const unknown = await login(t, 'nobody-here@example.test', 'Wrong-Password-123', '10.0.0.4');
    const wrong = await login(t, reg.email, 'Wrong-Password-123', '10.0.0.4');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json().message).toBe('Invalid credentials. Please try again.');
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
        payload: { email: 'unknown@example.test', password: 'Wrong-Password-123' },
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
      const attempt = (forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.10.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email: 'unknown@example.test', password: 'Wrong-Password-123' },
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
