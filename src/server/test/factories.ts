import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { searches, users, type NewUserRow, type UserRow } from '../db/schema/index.ts';
import { issueRefreshToken } from '../features/auth/refresh-token.service.ts';
import type { TestApp } from './test-app.ts';

export type TestUser = { user: UserRow; accessToken: string; headers: { authorization: string } };

/**
 * Inserts a user directly (no password hashing: fast) and signs an access token for it. Tests that
 * are about registration or login go through the API instead.
 */
export async function createUser(t: TestApp, values: Partial<NewUserRow> = {}): Promise<TestUser> {
  const email = values.email ?? `user-${randomBytes(6).toString('hex')}@example.test`;
  const [user] = await t.db.db
    .insert(users)
    .values({ name: 'Test User', firstName: 'Test', ...values, email })
    .returning();
  if (!user) throw new Error('insert failed');
  const accessToken = await signInAs(t, user.id);
  return { user, accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

/** A fresh sign-in session (a refresh-token family) for the user, and an access token of it. */
export async function signInAs(t: TestApp, userId: number): Promise<string> {
  const now = t.clock.now();
  const { familyId } = await issueRefreshToken({
    db: t.db.db,
    meta: { ip: '127.0.0.1', userAgent: 'test', requestId: 'test' },
    userId,
    now,
  });
  return t.app.deps.jwt.signAccessToken({ userId, familyId }, now);
}

export async function reloadUser(t: TestApp, id: number): Promise<UserRow> {
  const [user] = await t.db.db.select().from(users).where(eq(users.id, id));
  if (!user) throw new Error(`user ${id} not found`);
  return user;
}

/** A finished offline search row of `userId` at `timestamp`, for seeding a history directly. */
export function storedSearchValues(
  userId: number,
  values: Partial<typeof searches.$inferInsert> & { query: string; timestamp: Date },
): typeof searches.$inferInsert {
  return {
    userId,
    filters: defaultFilters(),
    status: 'ok',
    engine: 'offline',
    composerMode: 'offline',
    corpusVersion: 'v',
    corpusKind: 'seed',
    rubricVersion: 'r',
    facets: { offering: [], segment: [], keywords: [] },
    ...values,
  };
}
