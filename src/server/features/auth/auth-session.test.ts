import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtTokens, securityAlerts, securityAuditLogs, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { REFRESH_GRACE_MS } from './refresh-token.service.ts';
import {
  ORIGIN,
  STRONG_PASSWORD,
  confirmRegistrationViaApi,
  login,
  refresh,
  refreshCookieOf,
  registerViaApi,
  registrationMailInOutbox,
  registrationTokenFrom,
  startRegistrationViaApi,
} from '../../test/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('register, login, profile, refresh, logout', () => {
  it('GET /api/auth/user is 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('runs the whole round trip with a DTO that hides secrets', async () => {
    const started = await startRegistrationViaApi(t, { email: 'Round.Trip@Example.test', name: 'Grace Hopper' });
    expect(started.statusCode).toBe(202);
    expect(started.headers['set-cookie']).toBeUndefined();
    const token = registrationTokenFrom(await registrationMailInOutbox(t, 'round.trip@example.test'));
    const reg = await confirmRegistrationViaApi(t, token);
    expect(reg.statusCode).toBe(201);
    const body = reg.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({
      email: 'round.trip@example.test',
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      plan: 'free',
      isPaid: false,
    });
    for (const secret of [
      'password',
      'stripeCustomerId',
      'stripeSubscriptionId',
      'failedLoginAttempts',
      'accountLocked',
    ]) {
      expect(body.data.user).not.toHaveProperty(secret);
    }
    const setCookie = String(reg.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);

    const res = await login(t, 'round.trip@example.test', STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json().data;
    const cookie = refreshCookieOf(res)!;
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(accessToken) });
    expect(profile.json().data.email).toBe('round.trip@example.test');
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(accessToken) });
    expect(user.statusCode).toBe(200);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(accessToken),
      payload: { firstName: 'Amazing', lastName: 'Grace' },
    });
    expect(patched.json().data).toMatchObject({ firstName: 'Amazing', lastName: 'Grace' });

    const refreshed = await refresh(t, cookie);
    expect(refreshed.statusCode).toBe(200);
    const next = refreshCookieOf(refreshed)!;
    expect(next).not.toBe(cookie);
    const newAccess = refreshed.json().data.accessToken as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(newAccess) })).statusCode).toBe(
      200,
    );

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: ORIGIN },
      cookies: { unbuilt_refresh: next },
    });
    expect(out.statusCode).toBe(200);
    // The family is dead: its refresh token and its still-unexpired access token stop working.
    expect((await refresh(t, next)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(newAccess) })).statusCode).toBe(
      401,
    );
  });

  it('refuses a common password and a very long one before hashing', async () => {
    const common = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: ORIGIN },
      payload: { email: 'c@example.test', password: 'password123', confirmPassword: 'password123', name: 'Common' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().fieldErrors.password).toMatch(/too common/);
    const long = 'x'.repeat(10_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'c@example.test', password: long },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('stores a zxcvbn strength score and only refresh-token hashes', async () => {
    const reg = await registerViaApi(t);
    const weak = await registerViaApi(t, { password: 'adalove1815', name: 'Ada Lovelace' });
    const [strongUser] = await t.db.db.select().from(users).where(eq(users.id, reg.userId));
    const [weakUser] = await t.db.db.select().from(users).where(eq(users.id, weak.userId));
    expect(strongUser!.passwordStrengthScore).toBe(4);
    expect(weakUser!.passwordStrengthScore).toBeLessThan(4);
    expect(strongUser!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const rows = await t.db.db.select().from(jwtTokens).where(eq(jwtTokens.userId, reg.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(reg.cookie);
  });
});

describe('refresh rotation and reuse detection', () => {
  it('two refreshes with the same token inside the grace window both succeed and leave one live token', async () => {
    const reg = await registerViaApi(t);
    const [a, b] = await Promise.all([refresh(t, reg.cookie), refresh(t, reg.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const newCookies = [refreshCookieOf(a), refreshCookieOf(b)].filter(Boolean);
    expect(newCookies).toHaveLength(1);
    const live = await t.db.db.select().from(jwtTokens).where(eq(jwtTokens.userId, reg.userId));
    expect(live.filter((r) => !r.isRevoked)).toHaveLength(1);
    expect(await t.db.db.select().from(securityAlerts).where(eq(securityAlerts.userId, reg.userId))).toHaveLength(0);
    expect((await refresh(t, newCookies[0]!)).statusCode).toBe(200);
  });

  it('a rotated token presented after the grace window revokes the family and raises an alert', async () => {
    const reg = await registerViaApi(t);
    const first = await refresh(t, reg.cookie);
    const current = refreshCookieOf(first)!;
    const access = first.json().data.accessToken as string;
    t.clock.advance(REFRESH_GRACE_MS + 1000);
    const replay = await refresh(t, reg.cookie);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(t, current)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(access) })).statusCode).toBe(
      401,
    );
    const alerts = await t.db.db.select().from(securityAlerts).where(eq(securityAlerts.userId, reg.userId));
    expect(alerts.map((a) => a.alertType)).toEqual(['refresh_token_reuse']);
    const audit = await t.db.db.select().from(securityAuditLogs).where(eq(securityAuditLogs.userId, reg.userId));
    expect(audit.map((r) => r.eventType)).toContain('refresh_reuse');
    t.clock.set(null);
  });

  it('many concurrent refreshes with one token yield exactly one new family member', async () => {
    const reg = await registerViaApi(t);
    const results = await Promise.all(Array.from({ length: 12 }, () => refresh(t, reg.cookie)));
    const issued = results.map(refreshCookieOf).filter(Boolean);
    expect(issued).toHaveLength(1);
    const rows = await t.db.db.select().from(jwtTokens).where(eq(jwtTokens.userId, reg.userId));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => !r.isRevoked)).toHaveLength(1);
  });

  it('refresh without a cookie is 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { origin: ORIGIN } });
    expect(res.statusCode).toBe(401);
  });
});

describe('cross-site requests on cookie endpoints', () => {
  it.each([
    ['refresh', { origin: 'https://evil.example' }],
    ['refresh', {}],
    ['logout', { origin: 'https://evil.example' }],
    ['logout', {}],
    ['logout', { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }],
  ])('rejects %s with headers %j', async (endpoint, headers: Record<string, string>) => {
    const reg = await registerViaApi(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/${endpoint}`,
      headers,
      cookies: { unbuilt_refresh: reg.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
    expect((await refresh(t, reg.cookie)).statusCode).toBe(200);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'rejects a %s body with 415',
    async (type) => {
      const reg = await registerViaApi(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: ORIGIN, 'content-type': type },
        cookies: { unbuilt_refresh: reg.cookie },
        payload: 'a=b',
      });
      expect(res.statusCode).toBe(415);
      expect((await refresh(t, reg.cookie)).statusCode).toBe(200);
    },
  );
});

describe('refresh cookie over HTTPS', () => {
  it('is Secure when the app is served over HTTPS behind a trusted proxy, and not otherwise', async () => {
    // An http PUBLIC_URL: only the forwarded protocol decides (an https PUBLIC_URL always means Secure).
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'http://app.example.test' } });
    try {
      const signIn = async (proto: string) => {
        const { email, password } = await registerViaApi(proxied, { email: `s-${proto}@example.test` });
        return proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: {
            origin: `${proto}://app.example.test`,
            'x-forwarded-proto': proto,
            'x-forwarded-host': 'app.example.test',
          },
          payload: { email, password },
        });
      };
      const https = await signIn('https');
      expect(https.statusCode).toBe(200);
      expect(String(https.headers['set-cookie'])).toMatch(/;\s*Secure/i);
      const http = await signIn('http');
      expect(http.statusCode).toBe(200);
      expect(String(http.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    } finally {
      await proxied.close();
    }
  });
});
