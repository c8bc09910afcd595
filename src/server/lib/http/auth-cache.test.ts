import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtTokens, users, type UserRow } from '../../db/schema/index.ts';
import { originOf, registerViaApi } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAuthCache } from './auth-cache.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../platform/jwt.ts';

// The auth guard's cache keeps a user's row and session state between requests, and must never
// let a change through late: every test below has a TTL of a minute, so only the database's
// announcement of the change (the unbuilt_auth trigger) can make the guard see it. On PGlite the
// announcement arrives before the writing query returns; on PostgreSQL it follows the commit
// within milliseconds, hence the short polls.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_CACHE_TTL_MS: '60000' } });
});
afterAll(() => t.close());

function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
}

function familyOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { fam: string };
  return payload.fam;
}

const soon = { timeout: 3_000, interval: 20 };

describe('the auth guard with its cache on', () => {
  it('listens for changes, and keeps what it read for the next request', async () => {
    expect(t.app.deps.authCache.isActive()).toBe(true);
    const { user, accessToken } = await createUser(t);
    expect(t.app.deps.authCache.get(user.id, familyOf(accessToken), Date.now())).toBeUndefined();
    expect((await me(accessToken)).statusCode).toBe(200);
    expect(t.app.deps.authCache.get(user.id, familyOf(accessToken), Date.now())?.user.id).toBe(user.id);
  });

  it('refuses a signed-out session at once, though its access token was cached a moment before', async () => {
    const reg = await registerViaApi(t);
    expect((await me(reg.accessToken)).statusCode).toBe(200);
    expect((await me(reg.accessToken)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: originOf(t) },
      cookies: { unbuilt_refresh: reg.cookie },
    });
    expect(logout.statusCode).toBe(200);
    await expect.poll(async () => (await me(reg.accessToken)).statusCode, soon).toBe(401);
  });

  it('sees a deactivation written straight to the database (another instance, an operator)', async () => {
    const { user, accessToken } = await createUser(t);
    expect((await me(accessToken)).statusCode).toBe(200);
    await t.db.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await expect.poll(async () => (await me(accessToken)).statusCode, soon).toBe(401);
  });

  it('sees a plan change on the next request', async () => {
    const { user, accessToken } = await createUser(t);
    expect((await me(accessToken)).json<{ data: { subscriptionTier: string } }>().data.subscriptionTier).toBe('free');
    await t.db.db
      .update(users)
      .set({ subscriptionTier: 'enterprise', subscriptionStatus: 'active' })
      .where(eq(users.id, user.id));
    await expect
      .poll(
        async () => (await me(accessToken)).json<{ data: { subscriptionTier: string } }>().data.subscriptionTier,
        soon,
      )
      .toBe('enterprise');
  });

  it('refuses a session that ran out by time, however recently it was cached', async () => {
    const { user, accessToken } = await createUser(t);
    expect((await me(accessToken)).statusCode).toBe(200);
    // The family's last live member expires in a second; nothing is written, so nothing is announced.
    const inOneSecond = new Date(Date.now() + 1_000);
    await t.db.db.update(jwtTokens).set({ expiresAt: inOneSecond }).where(eq(jwtTokens.userId, user.id));
    await expect.poll(async () => (await me(accessToken)).statusCode, soon).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await me(accessToken)).statusCode).toBe(401);
  });
});

describe('remembered access-token signatures', () => {
  it('still refuse a token past its lifetime, though its signature was verified before', async () => {
    const { accessToken } = await createUser(t);
    expect((await me(accessToken)).statusCode).toBe(200);
    expect((await me(accessToken)).statusCode).toBe(200);
    try {
      t.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 31) * 1000);
      const res = await me(accessToken);
      expect(res.statusCode).toBe(401);
      expect(res.json<{ message: string }>().message).toBe('Your session has expired. Please log in again.');
    } finally {
      t.clock.set(null);
    }
  });
});

describe('the auth cache itself', () => {
  const row = { id: 7 } as UserRow;
  const record = { user: row, familyLive: true, familyLiveUntilMs: null };

  it('keeps nothing read while a change to that user was announced (the read may predate it)', () => {
    const cache = createAuthCache({ ttlMs: 60_000 });
    cache.setListening(true);
    const ticket = cache.ticket();
    cache.evictUser(7);
    cache.set(ticket, 7, 'f', record, 0);
    expect(cache.get(7, 'f', 1)).toBeUndefined();
    cache.set(cache.ticket(), 7, 'f', record, 0);
    expect(cache.get(7, 'f', 1)).toBeDefined();
  });

  // docs/decisions/051: every search updates its user's row; under searches by others, a user's
  // reads must still be cached.
  it('keeps what was read while only other users’ changes were announced', () => {
    const cache = createAuthCache({ ttlMs: 60_000 });
    cache.setListening(true);
    const ticket = cache.ticket();
    cache.evictUser(99);
    cache.set(ticket, 7, 'f', record, 0);
    expect(cache.get(7, 'f', 1)).toBeDefined();
    // …but not what was read before listening was lost and regained.
    const stale = cache.ticket();
    cache.setListening(false);
    cache.setListening(true);
    cache.set(stale, 8, 'g', { ...record, user: { id: 8 } as UserRow }, 0);
    expect(cache.get(8, 'g', 1)).toBeUndefined();
  });

  it('is bypassed and emptied while not listening for changes', () => {
    const cache = createAuthCache({ ttlMs: 60_000 });
    cache.set(cache.ticket(), 7, 'f', record, 0);
    expect(cache.get(7, 'f', 1)).toBeUndefined();
    cache.setListening(true);
    cache.set(cache.ticket(), 7, 'f', record, 0);
    expect(cache.get(7, 'f', 1)).toBeDefined();
    cache.setListening(false);
    expect(cache.get(7, 'f', 1)).toBeUndefined();
    cache.setListening(true);
    expect(cache.get(7, 'f', 1)).toBeUndefined();
  });

  it('drops an entry at its TTL or its family’s expiry, whichever comes first', () => {
    const cache = createAuthCache({ ttlMs: 5_000 });
    cache.setListening(true);
    cache.set(cache.ticket(), 7, 'a', record, 0);
    cache.set(cache.ticket(), 7, 'b', { ...record, familyLiveUntilMs: 2_000 }, 0);
    expect(cache.get(7, 'a', 4_999)).toBeDefined();
    expect(cache.get(7, 'a', 5_000)).toBeUndefined();
    expect(cache.get(7, 'b', 1_999)).toBeDefined();
    expect(cache.get(7, 'b', 2_000)).toBeUndefined();
  });

  it('drops every session of a user whose change is announced, and only theirs', () => {
    const cache = createAuthCache({ ttlMs: 60_000 });
    cache.setListening(true);
    for (const [userId, family] of [
      [7, 'a'],
      [7, 'b'],
      [8, 'c'],
    ] as const)
      cache.set(cache.ticket(), userId, family, { ...record, user: { id: userId } as UserRow }, 0);
    cache.evictUser(7);
    expect(cache.get(7, 'a', 1)).toBeUndefined();
    expect(cache.get(7, 'b', 1)).toBeUndefined();
    expect(cache.get(8, 'c', 1)?.user.id).toBe(8);
  });
});
