import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users, type NewUserRow, type UserRow } from '../db/schema/index.ts';
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
  const accessToken = await t.app.deps.jwt.signAccessToken({ userId: user.id, familyId: null }, t.clock.now());
  return { user, accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

export async function reloadUser(t: TestApp, id: number): Promise<UserRow> {
  const [user] = await t.db.db.select().from(users).where(eq(users.id, id));
  if (!user) throw new Error(`user ${id} not found`);
  return user;
}
