import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, registerViaApi } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_JWT_SECRET } from '../../test/test-env.ts';
import { ACCESS_TOKEN_TTL_SECONDS, JWT_AUDIENCE, JWT_ISSUER, createJwtKeys } from '../platform/jwt.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const key = new TextEncoder().encode(TEST_JWT_SECRET);

function userEndpoint(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
}

function claims(userId: number, overrides: Record<string, unknown> = {}) {
  const iat = Math.floor(Date.now() / 1000);
  return { typ: 'access', sub: String(userId), iss: JWT_ISSUER, aud: JWT_AUDIENCE, iat, exp: iat + 600, ...overrides };
}

describe('access tokens the guard rejects', () => {
  it('accepts a well-formed token (control)', async () => {
    const reg = await registerViaApi(t);
    expect((await userEndpoint(reg.accessToken)).statusCode).toBe(200);
  });

  it('rejects a token without the session-family claim, even signed with the right key (it could never be revoked)', async () => {
    const reg = await registerViaApi(t);
    const token = await new SignJWT(claims(reg.userId)).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await userEndpoint(token)).statusCode).toBe(401);
  });

  it('rejects a token older than its lifetime whatever its exp says', async () => {
    const reg = await registerViaApi(t);
    const fam = (
      JSON.parse(Buffer.from(reg.accessToken.split('.')[1] ?? '', 'base64url').toString()) as { fam: string }
    ).fam;
    const fresh = await new SignJWT(claims(reg.userId, { fam })).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await userEndpoint(fresh)).statusCode).toBe(200); // control: the same claims, issued now
    const iat = Math.floor(Date.now() / 1000) - ACCESS_TOKEN_TTL_SECONDS - 60;
    const old = await new SignJWT(claims(reg.userId, { fam, iat, exp: iat + 365 * 86_400 }))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    expect((await userEndpoint(old)).statusCode).toBe(401);
  });

  it('rejects alg none', async () => {
    const reg = await registerViaApi(t);
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims(reg.userId))}.`;
    expect((await userEndpoint(token)).statusCode).toBe(401);
  });

  it('rejects a token signed with another key', async () => {
    const reg = await registerViaApi(t);
    const other = createJwtKeys('another-secret-that-is-long-enough-for-hs256-xyz');
    const token = await other.signAccessToken({ userId: reg.userId, familyId: 'some-family' }, new Date());
    expect((await userEndpoint(token)).statusCode).toBe(401);
  });

  it('rejects an HS512 token even with the right key', async () => {
    const reg = await registerViaApi(t);
    const token = await new SignJWT(claims(reg.userId)).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect((await userEndpoint(token)).statusCode).toBe(401);
  });

  it('rejects an expired token', async () => {
    const reg = await registerViaApi(t);
    const past = new Date(Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    const token = await t.app.deps.jwt.signAccessToken({ userId: reg.userId, familyId: 'some-family' }, past);
    const res = await userEndpoint(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please log in again.');
  });

  it('rejects a wrong audience and a wrong issuer', async () => {
    const reg = await registerViaApi(t);
    for (const override of [{ aud: 'someone-else' }, { iss: 'someone-else' }]) {
      const token = await new SignJWT(claims(reg.userId, override)).setProtectedHeader({ alg: 'HS256' }).sign(key);
      expect((await userEndpoint(token)).statusCode).toBe(401);
    }
  });

  it('rejects a refresh token used as an access token, raw or dressed as a JWT', async () => {
    const reg = await registerViaApi(t);
    expect((await userEndpoint(reg.cookie)).statusCode).toBe(401);
    const token = await new SignJWT(claims(reg.userId, { typ: 'refresh' }))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    expect((await userEndpoint(token)).statusCode).toBe(401);
  });

  it('rejects a token of a revoked family', async () => {
    const reg = await registerViaApi(t);
    expect((await userEndpoint(reg.accessToken)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: ORIGIN },
      cookies: { unbuilt_refresh: reg.cookie },
    });
    expect((await userEndpoint(reg.accessToken)).statusCode).toBe(401);
  });
});
