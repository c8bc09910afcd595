import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInAs } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_JWT_SECRET } from '../../test/test-env.ts';
import { JWT_AUDIENCE, JWT_ISSUER } from '../platform/jwt.ts';
import { requirePlan } from './plan-guard.ts';

// The plan guard reads the plan from the database row, never from the token.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/api/__probe/analytics', { preHandler: requirePlan('advancedAnalytics') }, async () => ({
        success: true,
        data: 'pro feature',
      }));
      app.get('/api/__probe/api-access', { preHandler: requirePlan('apiAccess') }, async () => ({
        success: true,
        data: 'enterprise feature',
      }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function forgedToken(userId: number, accessToken: string): Promise<string> {
  const iat = Math.floor(t.clock.now().getTime() / 1000);
  // The user's own live session, so only the plan claims are forged.
  const { fam } = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { fam: string };
  return new SignJWT({
    typ: 'access',
    fam,
    plan: 'enterprise',
    subscriptionTier: 'enterprise',
    subscriptionStatus: 'active',
    isPaid: true,
    role: 'admin',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 600)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

describe('requirePlan', () => {
  it('refuses a free user even with a token claiming a paid plan', async () => {
    const { user, accessToken } = await createUser(t);
    const authorization = `Bearer ${await forgedToken(user.id, accessToken)}`;
    for (const url of ['/api/__probe/analytics', '/api/__probe/api-access']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PLAN_REQUIRED');
    }
  });

  it('lets Pro in to Pro features only, and Enterprise to both', async () => {
    const future = new Date(t.clock.now().getTime() + 86_400_000);
    const pro = await createUser(t, {
      subscriptionTier: 'pro',
      subscriptionStatus: 'active',
      subscriptionPeriodEnd: future,
    });
    const ent = await createUser(t, {
      subscriptionTier: 'enterprise',
      subscriptionStatus: 'active',
      subscriptionPeriodEnd: future,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/__probe/analytics', headers: pro.headers })).statusCode,
    ).toBe(200);
    const denied = await t.app.inject({ method: 'GET', url: '/api/__probe/api-access', headers: pro.headers });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('This feature needs the Enterprise plan. Upgrade to use it.');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/__probe/api-access', headers: ent.headers })).statusCode,
    ).toBe(200);
  });

  it('follows the trial on the controlled clock: in during the 7 days, out after', async () => {
    const u = await createUser(t);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/trial/activate',
      headers: u.headers,
      payload: { email: u.user.email },
    });
    expect(activated.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/__probe/analytics', headers: u.headers })).statusCode).toBe(
      200,
    );
    t.clock.advance(7 * 86_400_000 + 1000);
    try {
      // A fresh token, since the first one expired with the clock jump.
      const token = await signInAs(t, u.user.id);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/__probe/analytics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PLAN_REQUIRED');
    } finally {
      t.clock.set(null);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/__probe/analytics' })).statusCode).toBe(401);
  });
});
