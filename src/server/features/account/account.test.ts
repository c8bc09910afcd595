import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPreferences, users } from '../../db/schema/index.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { login, refresh, refreshCookieOf, registerViaApi } from '../../test/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ENABLE_TEST_HOOKS: 'true' } });
});
afterAll(() => t.close());

describe('PATCH /api/auth/profile names (one display name)', () => {
  it('rewrites the full name from the first and last name, and refuses a cleared first name', async () => {
    const { user, headers } = await createUser(t, { name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace' });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers,
      payload: { firstName: 'Augusta' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Augusta Lovelace', firstName: 'Augusta', lastName: 'Lovelace' });

    const noLast = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers,
      payload: { lastName: '' },
    });
    expect(noLast.json().data).toMatchObject({ name: 'Augusta', firstName: 'Augusta', lastName: null });

    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers,
      payload: { firstName: '  ', lastName: 'King' },
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().fieldErrors).toMatchObject({ firstName: 'Enter your first name' });
    const [after] = await t.db.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ name: 'Augusta', firstName: 'Augusta', lastName: null });
  });
});

describe('PATCH /api/auth/profile mass assignment', () => {
  it('changes the profile fields and nothing a user must not set', async () => {
    const { user, headers } = await createUser(t, { email: 'mass@example.test' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers,
      payload: {
        firstName: 'Mallory',
        avatar: 'https://images.example.test/me.png',
        plan: 'enterprise',
        subscriptionTier: 'enterprise',
        subscriptionStatus: 'active',
        searchCount: -100,
        accountLocked: false,
        failedLoginAttempts: 0,
        isActive: true,
        role: 'admin',
        providerId: 'x',
        stripeCustomerId: 'cus_x',
        email: 'other@example.test',
        password: 'Sneaky-Password-123',
        trialExpiration: '2099-01-01T00:00:00Z',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Mallory',
      plan: 'free',
      role: 'user',
      email: 'mass@example.test',
    });
    const [after] = await t.db.db.select().from(users).where(eq(users.id, user.id));
    const { firstName, avatar, updatedAt, name, ...rest } = after!;
    const { firstName: _f, avatar: _a, updatedAt: _u, name: _n, ...before } = user;
    expect(firstName).toBe('Mallory');
    // The full name follows the first and last name (one display name everywhere).
    expect(name).toBe([firstName, user.lastName].filter(Boolean).join(' '));
    expect(avatar).toBe('https://images.example.test/me.png');
    expect(updatedAt.getTime()).toBeGreaterThanOrEqual(user.updatedAt.getTime());
    expect(rest).toEqual(before);
  });

  it('refuses a javascript: avatar URL', async () => {
    const { headers } = await createUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers,
      payload: { avatar: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('/api/account preferences', () => {
  it('returns defaults, persists a partial update, and sets analyticsOptOut on the user', async () => {
    const { user, headers } = await createUser(t);
    const initial = await t.app.inject({ method: 'GET', url: '/api/account/preferences', headers });
    expect(initial.json().data).toMatchObject({
      theme: 'dark',
      analyticsOptOut: false,
      accessibilitySettings: { highContrast: false },
    });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/preferences',
      headers,
      payload: {
        theme: 'light',
        accessibilitySettings: { highContrast: true },
        notificationPreferences: { frequency: 'monthly' },
        analyticsOptOut: true,
      },
    });
    expect(patch.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/account/preferences', headers });
    expect(again.json().data).toEqual({
      theme: 'light',
      accessibilitySettings: { highContrast: true, reducedMotion: false, screenReaderOptimized: false },
      notificationPreferences: {
        resourceNotifications: true,
        frequency: 'monthly',
        categories: [],
        contributionUpdates: true,
      },
      analyticsOptOut: true,
    });
    const [row] = await t.db.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.analyticsOptOut).toBe(true);
    expect(await t.db.db.select().from(userPreferences).where(eq(userPreferences.userId, user.id))).toHaveLength(1);
  });

  it('rejects an unknown theme', async () => {
    const { headers } = await createUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/preferences',
      headers,
      payload: { theme: 'neon' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/preferences' })).statusCode).toBe(401);
  });
});

describe('sign out of all other sessions', () => {
  it('revokes every other session and keeps the current one', async () => {
    const reg = await registerViaApi(t);
    const other = await login(t, reg.email, reg.password);
    const otherCookie = refreshCookieOf(other)!;
    const otherAccess = other.json().data.accessToken as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: { authorization: `Bearer ${reg.accessToken}` },
    });
    expect(res.json().data).toEqual({ revokedSessions: 1 });
    expect((await refresh(t, otherCookie)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { authorization: `Bearer ${otherAccess}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await refresh(t, reg.cookie)).statusCode).toBe(200);
  });
});

describe('test hooks', () => {
  it('moves the app clock and resets it', async () => {
    const before = t.clock.now().getTime();
    const res = await t.app.inject({ method: 'POST', url: '/api/__test/clock', payload: { advanceMs: 3_600_000 } });
    expect(new Date(res.json().data.now as string).getTime() - before).toBeGreaterThanOrEqual(3_600_000);
    const at = await t.app.inject({
      method: 'POST',
      url: '/api/__test/clock',
      payload: { at: '2030-01-01T00:00:00.000Z' },
    });
    expect((at.json().data.now as string).slice(0, 16)).toBe('2030-01-01T00:00');
    await t.app.inject({ method: 'POST', url: '/api/__test/clock', payload: { reset: true } });
    expect(Math.abs(t.clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('is absent when ENABLE_TEST_HOOKS is off', async () => {
    const plain = await createTestApp();
    try {
      expect(
        (await plain.app.inject({ method: 'POST', url: '/api/__test/clock', payload: { reset: true } })).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
