import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtTokens, users, type UserRow } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import type { AccessClaims } from './jwt.ts';

// The auth guard: `preHandler: requireUser` on any route that needs a signed-in user. It verifies
// the bearer token and loads the user row from the database on every request, so plan, status and
// locks are never taken from token claims.

declare module 'fastify' {
  interface FastifyRequest {
    auth: (AccessClaims & { user: UserRow }) | null;
  }
}

export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
  const { deps } = request.server;
  const claims = await deps.jwt.verifyAccessToken(token, deps.clock.now());
  const now = deps.clock.now();
  const [user] = await deps.db.select().from(users).where(eq(users.id, claims.userId));
  if (!user || !user.isActive) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
  // A token of a signed-out, reused or password-changed session dies with its family, not 15 min later.
  if (claims.familyId && !(await isFamilyLive(deps.db, claims.familyId, now))) {
    throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
  }
  request.auth = { ...claims, user };
}

/** True while the family has a live member. One indexed lookup (partial index on live members). */
export async function isFamilyLive(db: FastifyInstance['deps']['db'], familyId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: jwtTokens.id })
    .from(jwtTokens)
    .where(and(eq(jwtTokens.familyId, familyId), eq(jwtTokens.isRevoked, false), gt(jwtTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
  return request.auth.user;
}
