import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USAGE, runAdminCommand, UsageError } from '../../cli/admin-commands.ts';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../lib/platform/jwt.ts';
import { createUser, reloadUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_JWT_SECRET } from '../../test/test-env.ts';
import { isFlagOn, type FlagRules } from './flag-evaluation.logic.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t);
  await runAdminCommand(['grant-admin', admin.user.email], t.db.db, t.clock.now());
});
afterAll(async () => {
  await t.close();
});

function rules(overrides: Partial<FlagRules>): FlagRules {
  return {
    name: 'new-dashboard',
    enabled: true,
    rolloutPercentage: 0,
    allowedTiers: [],
    allowedUserIds: [],
    ...overrides,
  };
}

describe('rollout percentage', () => {
  const ids = Array.from({ length: 10_000 }, (_, i) => 100_000 + i);

  for (const target of [1, 10, 25, 50, 90]) {
    it(`turns a flag on for ${target} % of 10,000 users (±2 points), the same users every time`, () => {
      const flag = rules({ rolloutPercentage: target });
      const first = ids.filter((id) => isFlagOn(flag, { id, plan: 'free' }));
      const share = (first.length / ids.length) * 100;
      expect(Math.abs(share - target)).toBeLessThanOrEqual(2);
      const second = ids.filter((id) => isFlagOn(flag, { id, plan: 'free' }));
      expect(second).toEqual(first);
    });
  }

  it('keeps users in when the rollout grows, and buckets flags independently', () => {
    const at10 = ids.filter((id) => isFlagOn(rules({ rolloutPercentage: 10 }), { id, plan: 'free' }));
    const at30 = new Set(ids.filter((id) => isFlagOn(rules({ rolloutPercentage: 30 }), { id, plan: 'free' })));
    expect(at10.every((id) => at30.has(id))).toBe(true);
    const other = new Set(
      ids.filter((id) => isFlagOn(rules({ name: 'other-flag', rolloutPercentage: 10 }), { id, plan: 'free' })),
    );
    const overlap = at10.filter((id) => other.has(id)).length;
    // Independent 10 % samples share about 1 % of users, not all of them.
    expect(overlap).toBeLessThan(at10.length / 2);
  });

  it('is off at 0 % and for a disabled flag, whatever else it allows', () => {
    expect(ids.some((id) => isFlagOn(rules({ rolloutPercentage: 0 }), { id, plan: 'free' }))).toBe(false);
    const disabled = rules({
      enabled: false,
      rolloutPercentage: 100,
      allowedTiers: ['free'],
      allowedUserIds: [ids[0]!],
    });
    expect(isFlagOn(disabled, { id: ids[0]!, plan: 'free' }, true)).toBe(false);
  });
});

async function setFlag(name: string, body: Record<string, unknown>, u: TestUser = admin) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/flags/${name}`, headers: u.headers, payload: body });
}

async function myFlags(u: TestUser): Promise<Record<string, boolean>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/flags', headers: u.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { flags: Record<string, boolean> } }>().data.flags;
}

describe('flags for the current user', () => {
  it('turns a flag on by tier, using the plan from the database', async () => {
    expect((await setFlag('pro-insights', { enabled: true, allowedTiers: ['pro', 'enterprise'] })).statusCode).toBe(
      200,
    );
    const free = await createUser(t);
    const future = new Date(t.clock.now().getTime() + 86_400_000);
    const pro = await createUser(t, {
      subscriptionTier: 'pro',
      subscriptionStatus: 'active',
      subscriptionPeriodEnd: future,
    });
    const trial = await createUser(t, { trialUsed: true, trialExpiration: future });
    expect((await myFlags(free))['pro-insights']).toBe(false);
    expect((await myFlags(pro))['pro-insights']).toBe(true);
    expect((await myFlags(trial))['pro-insights']).toBe(true);
  });

  it('turns a flag on for listed user ids only, and a per-user override wins', async () => {
    const listed = await createUser(t);
    const other = await createUser(t);
    await setFlag('beta-export', { enabled: true, allowedUserIds: [listed.user.id] });
    expect((await myFlags(listed))['beta-export']).toBe(true);
    expect((await myFlags(other))['beta-export']).toBe(false);

    const override = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/flags/beta-export/users/${other.user.id}`,
      headers: admin.headers,
      payload: { enabled: true },
    });
    expect(override.statusCode).toBe(200);
    expect((await myFlags(other))['beta-export']).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/flags/beta-export/users/${other.user.id}`,
      headers: admin.headers,
    });
    expect((await myFlags(other))['beta-export']).toBe(false);

    await setFlag('beta-export', { enabled: false });
    expect((await myFlags(listed))['beta-export']).toBe(false);
  });

  it('creates flags off with a 0 % rollout by default', async () => {
    const res = await setFlag('quiet-flag', { description: 'Not yet' });
    expect(res.json().data).toMatchObject({
      name: 'quiet-flag',
      enabled: false,
      rolloutPercentage: 0,
      allowedTiers: [],
      allowedUserIds: [],
    });
  });
});

describe('admin access', () => {
  it('makes nobody an admin by default and ignores a forged role claim', async () => {
    const u = await createUser(t);
    expect(u.user.role).toBe('user');
    const iat = Math.floor(t.clock.now().getTime() / 1000);
    // The user's own live session, so only the role claims are forged.
    const { fam } = JSON.parse(Buffer.from(u.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      fam: string;
    };
    const forged = await new SignJWT({ typ: 'access', fam, role: 'admin', isAdmin: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(u.user.id))
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const headers of [u.headers, { authorization: `Bearer ${forged}` }]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/flags', headers });
      expect(list.statusCode).toBe(404);
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/flags/sneaky',
        headers,
        payload: { enabled: true, rolloutPercentage: 100 },
      });
      expect(set.statusCode).toBe(404);
    }
    expect((await myFlags(u)).sneaky).toBeUndefined();
  });

  it('validates flag updates', async () => {
    expect((await setFlag('bad', { rolloutPercentage: 101 })).statusCode).toBe(400);
    expect((await setFlag('bad', { allowedTiers: ['gold'] })).statusCode).toBe(400);
    expect((await setFlag('Bad Name!', { enabled: true })).statusCode).toBe(400);
  });
});

describe('npm run admin', () => {
  it('grants and revokes admin by e-mail', async () => {
    const u = await createUser(t);
    expect(await runAdminCommand(['grant-admin', u.user.email.toUpperCase()], t.db.db, t.clock.now())).toContain(
      'is now an admin',
    );
    expect((await reloadUser(t, u.user.id)).role).toBe('admin');
    await runAdminCommand(['revoke-admin', u.user.email], t.db.db, t.clock.now());
    expect((await reloadUser(t, u.user.id)).role).toBe('user');
    await expect(runAdminCommand(['grant-admin', 'nobody@example.test'], t.db.db, t.clock.now())).rejects.toThrow(
      UsageError,
    );
  });

  it('sets and lists flags', async () => {
    const out = await runAdminCommand(
      ['flags', 'set', 'cli-flag', '--enabled', 'true', '--rollout=25', '--tiers', 'pro,enterprise', '--users', '7,9'],
      t.db.db,
      t.clock.now(),
    );
    expect(out).toBe('cli-flag: enabled, rollout 25%, tiers [pro, enterprise], users [7, 9]');
    const listed = await runAdminCommand(['flags', 'list'], t.db.db, t.clock.now());
    expect(listed).toContain('cli-flag: enabled, rollout 25%');
  });

  it('rejects bad input with a usage message', async () => {
    const now = t.clock.now();
    await expect(runAdminCommand(['flags', 'set', 'x1', '--rollout', '150'], t.db.db, now)).rejects.toThrow(UsageError);
    await expect(runAdminCommand(['flags', 'set', 'x1', '--enabled', 'yes'], t.db.db, now)).rejects.toThrow(
      '--enabled takes true or false.',
    );
    await expect(runAdminCommand(['frobnicate'], t.db.db, now)).rejects.toThrow('Unknown command "frobnicate".');
    expect(ADMIN_USAGE).toContain('grant-admin <email>');
  });
});
