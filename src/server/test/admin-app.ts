import { afterAll, beforeAll } from 'vitest';
import { securityAlerts } from '../db/schema/index.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The admin area's test app, shared by its test files (each file gets its own app): an admin, a
// member, and a target user with ten failed sign-ins; a request helper and a way to raise an alert.

export let t: TestApp;
export let admin: TestUser;
export let member: TestUser;
export let target: TestUser;

/** Starts the app before the file's tests and closes it after them. */
export function useAdminApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', email: 'root@example.test' });
    member = await createUser(t);
    target = await createUser(t, { email: 'target@example.test', failedLoginAttempts: 10 });
  });
  afterAll(() => t.close());
}

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  /** The admin's status when not 200 (a background action answers 202). */
  adminStatus?: number;
};

export function call(who: TestUser | null, c: Call) {
  return t.app.inject({
    method: c.method,
    url: c.url,
    ...(who ? { headers: who.headers } : {}),
    ...(c.payload !== undefined ? { payload: c.payload as Record<string, unknown> } : {}),
  });
}

export async function newAlert(): Promise<number> {
  const [row] = await t.db.db
    .insert(securityAlerts)
    .values({ alertType: 'brute_force', severity: 'high', description: 'Many failed sign-ins', userId: target.user.id })
    .returning({ id: securityAlerts.id });
  return row?.id ?? 0;
}
