import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Database } from '../../db/client.ts';
import { resolveAppSecret } from './app-secrets.ts';
import { AppError } from './app-error.ts';
import { createDeviceSigner, type DeviceSigner } from './device-signer.ts';

// Access tokens: HS256 JWTs with iss, aud, typ=access, sub=user id, fam=session family (required),
// lifetime 15 minutes, also enforced from iat. Only HS256 is accepted. Claims carry identity only: plan and status are always read from the database.

export const JWT_ISSUER = 'unbuilt';
export const JWT_AUDIENCE = 'unbuilt-api';
export const JWT_ALGORITHM = 'HS256';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Every access token belongs to a sign-in session (a refresh-token family), so every one can be revoked. */
export type AccessClaims = { userId: number; familyId: string };

export type JwtKeys = {
  signAccessToken: (claims: AccessClaims, now: Date) => Promise<string>;
  verifyAccessToken: (token: string, now: Date) => Promise<AccessClaims>;
  /** The known-device cookie's signer, keyed from the same secret. */
  device: DeviceSigner;
};

const CLOCK_TOLERANCE_SECONDS = 30;
const VERIFIED_CACHE_MAX = 10_000;

export function createJwtKeys(secret: string): JwtKeys {
  const key = new TextEncoder().encode(secret); // imported once: verification is ~2× faster
  // A signature once verified stays verified: tokens that passed are remembered (bounded) with the
  // moment they stop being acceptable (exp, or their lifetime from iat, plus the clock tolerance),
  // so a client's next requests skip the HMAC (a thread-pool round trip in WebCrypto). Past that
  // moment, or for any token not remembered, the full verification below runs and says why.
  const verified = new Map<string, { claims: AccessClaims; acceptableUntilMs: number }>();
  const remember = (token: string, claims: AccessClaims, exp: number, iat: number) => {
    if (verified.size >= VERIFIED_CACHE_MAX) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    const until = Math.min(exp, iat + ACCESS_TOKEN_TTL_SECONDS) + CLOCK_TOLERANCE_SECONDS;
    verified.set(token, { claims, acceptableUntilMs: until * 1000 });
  };
  return {
    device: createDeviceSigner(secret),
    signAccessToken: async ({ userId, familyId }, now) => {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ typ: 'access', fam: familyId })
        .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    verifyAccessToken: async (token, now) => {
      const known = verified.get(token);
      if (known && now.getTime() < known.acceptableUntilMs) return known.claims;
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [JWT_ALGORITHM],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          currentDate: now,
          requiredClaims: ['sub', 'exp', 'iat', 'fam'],
          // However far away its exp, a token older than its lifetime is refused.
          maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS, // instances whose clocks differ by seconds still accept each other's tokens
        });
        const userId = Number(payload.sub);
        if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || userId <= 0)
          throw new Error('wrong token type');
        if (typeof payload.fam !== 'string' || payload.fam.length === 0 || payload.fam.length > 64)
          throw new Error('no session family');
        const claims = { userId, familyId: payload.fam };
        // exp and iat are required claims: jose has checked both are numbers.
        remember(token, claims, Number(payload.exp), Number(payload.iat));
        return claims;
      } catch (error) {
        const expired = error instanceof joseErrors.JWTExpired;
        throw new AppError(
          'UNAUTHENTICATED',
          expired ? 'Your session has expired. Please log in again.' : 'You need to sign in.',
        );
      }
    },
  };
}

/** JWT_SECRET when configured; otherwise one generated secret stored in the database for all instances. */
export function resolveJwtSecret(db: Database, configured: string | undefined): Promise<string> {
  return resolveAppSecret(db, 'jwt', configured);
}
