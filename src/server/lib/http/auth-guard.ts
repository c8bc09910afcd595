import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtTokens, users, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../platform/app-error.ts';
import type { AuthRecord } from './auth-cache.ts';
import type { AccessClaims } from '../platform/jwt.ts';

// The auth guard: `preHandler: requireUser` on every route that needs a signed-in user (per route, the
// one way: a route shows its own guard; sign-in.test.ts walks the route table and fails on a route that
// has none and is not on its list of public routes). It verifies the bearer token and loads the user row
// and the session family's liveness from the database (or the auth cache, which drops them the moment
// the database announces a change: lib/http/auth-cache.ts), so plan, status, locks and revocation are never
// taken from token claims.

declare module 'fastify' {
  interface FastifyRequest {
    auth: (AccessClaims & { user: UserRow }) | null;
  }
  interface FastifyContextConfig {
    /** The few routes a user who must change their password may still use (who am I, change it). */
    allowWhilePasswordChangeRequired?: boolean;
  }
}

export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Change your password to continue.';

export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const signInGuards = new WeakSet<object>();

/** Marks a preHandler that signs the caller in (requireUser, the plan and API-key guards) for the route table. */
export function signsIn<T extends object>(guard: T): T {
  signInGuards.add(guard);
  return guard;
}

export function isSignInGuard(hook: unknown): boolean {
  return typeof hook === 'function' && signInGuards.has(hook);
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
  const { deps } = request.server;
  const now = deps.clock.now();
  const claims = await deps.jwt.verifyAccessToken(token, now);
  const row = await userWithSession(deps, claims, now);
  if (!row || !row.user.isActive) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
  // A token of a signed-out, reused or password-changed session dies with its family, not 15 min later.
  if (!row.familyLive) {
    throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
  }
  // An admin (or the password-expiry job) asked for a new password: nothing else until it is changed.
  if (row.user.forcePasswordChange && request.routeOptions.config.allowWhilePasswordChangeRequired !== true) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE);
  }
  request.auth = { ...claims, user: row.user };
}

signsIn(requireUser);

type Db = FastifyInstance['deps']['db'];

/** The user row and the family's liveness: from the auth cache while it holds them, else one round trip. */
async function userWithSession(
  deps: FastifyInstance['deps'],
  claims: AccessClaims,
  now: Date,
): Promise<AuthRecord | undefined> {
  const nowMs = now.getTime();
  const cached = deps.authCache.get(claims.userId, claims.familyId, nowMs);
  if (cached) return cached;
  const ticket = deps.authCache.ticket();
  const [row] = await userWithSessionQuery(deps.db).execute({
    id: claims.userId,
    familyId: claims.familyId,
    now: now.toISOString(),
  });
  if (!row) return undefined;
  const liveUntil = row.familyLiveUntilMs === null ? null : Number(row.familyLiveUntilMs);
  const record: AuthRecord = { user: row.user, familyLive: liveUntil !== null, familyLiveUntilMs: liveUntil };
  deps.authCache.set(ticket, claims.userId, claims.familyId, record, nowMs);
  return record;
}

function buildUserWithSessionQuery(db: Db) {
  // One round trip, prepared once per database: the user row and until when the token's family has a
  // live member (null: revoked or expired), which also bounds how long the auth cache may keep it.
  return db
    .select({
      user: users,
      familyLiveUntilMs: sql<
        number | string | null
      >`(select extract(epoch from max(${jwtTokens.expiresAt})) * 1000 from ${jwtTokens} where ${jwtTokens.familyId} = ${sql.placeholder('familyId')} and ${jwtTokens.isRevoked} = false and ${jwtTokens.expiresAt} > ${sql.placeholder('now')}::timestamptz)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_guard_user');
}

const preparedByDb = new WeakMap<Db, ReturnType<typeof buildUserWithSessionQuery>>();

function userWithSessionQuery(db: Db): ReturnType<typeof buildUserWithSessionQuery> {
  let query = preparedByDb.get(db);
  if (!query) {
    query = buildUserWithSessionQuery(db);
    preparedByDb.set(db, query);
  }
  return query;
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
  return request.auth.user;
}
