import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { admin, call, member, t, useAdminApp } from '../../test/admin-app.ts';
import { changePasswordViaApi, login, registerViaApi, STRONG_PASSWORD } from '../../test/auth-helpers.ts';
import { createUser, reloadUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';

useAdminApp();

describe('users', () => {
  it('shows plan, status, failed sign-ins and last sign-in, and no lock (failed sign-ins never lock, ADR 031)', async () => {
    const reg = await registerViaApi(t, { email: 'locked-out@example.test' });
    // A row locked before ADR 031: nothing reads the old fields any more.
    expect((await login(t, reg.email, STRONG_PASSWORD)).statusCode).toBe(200);
    await t.db.db
      .update(users)
      .set({
        accountLocked: true,
        failedLoginAttempts: 10,
        lockoutExpires: new Date(t.clock.now().getTime() + 600_000),
      })
      .where(eq(users.id, reg.userId));
    const list = await call(admin, { method: 'GET', url: '/api/admin/users?q=locked-out' });
    const [found] = list.json<{ data: { items: Record<string, unknown>[] } }>().data.items;
    expect(found).toMatchObject({
      id: reg.userId,
      plan: 'free',
      isActive: true,
      failedLoginAttempts: 10,
    });
    expect(found?.lastSignInAt).toEqual(expect.any(String));
    expect(JSON.stringify(found)).not.toMatch(/password"|\$argon/);
    expect(Object.keys(found ?? {}).filter((key) => /lock/i.test(key))).toEqual([]);
    const unlock = await call(admin, { method: 'POST', url: `/api/admin/users/${reg.userId}/unlock` });
    expect(unlock.statusCode).toBe(400);
    expect(unlock.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('disables an account: its sessions end at once and it cannot sign in', async () => {
    const reg = await registerViaApi(t);
    expect((await call(admin, { method: 'POST', url: `/api/admin/users/${reg.userId}/disable` })).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${reg.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await login(t, reg.email, STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it('changes the plan through the demo provider (effective at once) and back to free', async () => {
    const u = await createUser(t);
    const up = await call(admin, {
      method: 'PUT',
      url: `/api/admin/users/${u.user.id}/plan`,
      payload: { plan: 'enterprise' },
    });
    expect(up.json().data).toMatchObject({ plan: 'enterprise', subscriptionStatus: 'active' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: u.headers });
    expect(me.json().data.plan).toBe('enterprise');
    const down = await call(admin, {
      method: 'PUT',
      url: `/api/admin/users/${u.user.id}/plan`,
      payload: { plan: 'free' },
    });
    expect(down.json().data.plan).toBe('free');
    const bad = await call(admin, {
      method: 'PUT',
      url: `/api/admin/users/${u.user.id}/plan`,
      payload: { plan: 'gold' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.plan).toBe('Choose a plan');
  });

  it('refuses plan changes when the provider is not the demo one', async () => {
    const stripeLike = await createTestApp({ env: { PAYMENTS_PROVIDER: 'off' }, database: t.db });
    try {
      const res = await stripeLike.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${member.user.id}/plan`,
        headers: {
          authorization: `Bearer ${await stripeLike.app.deps.jwt.signAccessToken({ userId: admin.user.id, familyId: JSON.parse(Buffer.from(admin.accessToken.split('.')[1] ?? '', 'base64url').toString()).fam }, stripeLike.clock.now())}`,
        },
        payload: { plan: 'pro' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/demo payment provider/);
    } finally {
      await stripeLike.close();
    }
  });
});

describe('force a password change', () => {
  it('blocks everything but "who am I" and change-password until the password is changed', async () => {
    const reg = await registerViaApi(t);
    await call(admin, { method: 'POST', url: `/api/admin/users/${reg.userId}/force-password-change` });
    const signedIn = await login(t, reg.email, STRONG_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json<{ data: { accessToken: string; user: { mustChangePassword: boolean } } }>().data;
    expect(body.user.mustChangePassword).toBe(true);
    const headers = { authorization: `Bearer ${body.accessToken}` };
    const blocked = await t.app.inject({ method: 'GET', url: '/api/searches', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(200);
    const changed = await changePasswordViaApi(t, headers, STRONG_PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/searches', headers })).statusCode).toBe(200);
    expect((await reloadUser(t, reg.userId)).forcePasswordChange).toBe(false);
  });
});
