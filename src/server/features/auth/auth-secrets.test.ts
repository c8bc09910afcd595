import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { rowsOf } from '../../db/rows.ts';
import { securityAuditLogs } from '../../db/schema/index.ts';
import { createClock } from '../../lib/platform/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { type TestApp } from '../../test/test-app.ts';
import { testEnv } from '../../test/test-env.ts';
import { originOf, outboxText, refreshCookieOf, registrationTokenFrom } from '../../test/auth-helpers.ts';

// The canary test: passwords and session tokens pass through every auth flow with logging at its
// most verbose, then no table and no log line may contain them.

const CANARIES = [
  'Canary-Zebra-Quartz-8841',
  'Canary-Wrong-Guess-5512',
  'Canary-Next-Pass-7734',
  'Canary-Reset-Pass-9921',
] as const;

let t: TestApp;
let db: TestDatabase;
const logLines: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const env = testEnv({ LOG_LEVEL: 'trace', ENABLE_TEST_HOOKS: 'true' });
  const clock = createClock();
  const app: FastifyInstance = await buildApp({
    env,
    database: db,
    clock,
    logStream: { write: (line) => void logLines.push(line) },
  });
  await app.ready();
  t = {
    app,
    db,
    clock,
    env,
    close: async () => {
      await app.close();
      await db.close();
      fs.rmSync(env.DATA_DIR_ABS, { recursive: true, force: true });
    },
  };
});
afterAll(() => t.close());

async function allTableText(): Promise<string> {
  const tables = rowsOf<{ table_name: string }>(
    await t.db.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    parts.push(JSON.stringify(rowsOf(await t.db.db.execute(sql`select * from ${sql.identifier(table_name)}`))));
  }
  return parts.join('\n');
}

describe('secrets never stored or logged', () => {
  it('keeps passwords and session tokens out of every table and log line, and audits each step', async () => {
    const origin = originOf(t);
    const email = 'canary@example.test';
    const [first, wrong, next, viaReset] = CANARIES;
    const ua = { 'user-agent': 'CanaryBrowser/1.0' };
    const secrets: string[] = [...CANARIES];

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin, ...ua },
      payload: { email, password: first, confirmPassword: first, name: 'Canary Bird' },
    });
    expect(started.statusCode).toBe(202);
    const registrationToken = registrationTokenFrom(await outboxText(t, email, /confirm-email/));
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/confirm',
      headers: { origin, ...ua },
      payload: { token: registrationToken },
    });
    expect(reg.statusCode).toBe(201);
    // The link token sits in the outbox like the reset token (the outbox is the mail), so it is no canary.
    secrets.push(reg.json().data.accessToken, refreshCookieOf(reg)!);

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { origin, ...ua },
          payload: { email, password: wrong },
        })
      ).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin, ...ua },
      payload: { email, password: first },
    });
    const access = login.json().data.accessToken as string;
    const cookie = refreshCookieOf(login)!;
    secrets.push(access, cookie);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { origin, ...ua },
      cookies: { unbuilt_refresh: cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const cookie2 = refreshCookieOf(refreshed)!;
    secrets.push(refreshed.json().data.accessToken, cookie2);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: { authorization: `Bearer ${access}`, ...ua },
      payload: { currentPassword: first, newPassword: next, confirmPassword: next },
    });
    expect(change.statusCode).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', headers: ua, payload: { email } });
    const token = /reset-password#token=([A-Za-z0-9_-]+)/.exec(await outboxText(t, email, /reset-password/))![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      headers: ua,
      payload: { token, password: viaReset, confirmPassword: viaReset },
    });
    expect(reset.statusCode).toBe(200);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin, ...ua },
      cookies: { unbuilt_refresh: cookie2 },
    });
    expect(logout.statusCode).toBe(200);

    const tables = await allTableText();
    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(1000);
    expect(tables).toContain(email);
    for (const secret of secrets) {
      expect(tables).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }

    const audit = await t.db.db.select().from(securityAuditLogs).where(eq(securityAuditLogs.userEmail, email));
    const events = audit.map((r) => r.eventType);
    for (const event of [
      'register',
      'login_failure',
      'login_success',
      'token_refresh',
      'password_change',
      'password_reset_request',
      'password_reset',
    ]) {
      expect(events).toContain(event);
    }
    for (const row of audit) {
      expect(row.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.ipAddress).toBe('127.0.0.1');
      expect(row.userAgent).toBe('CanaryBrowser/1.0');
    }
    const logoutRows = await t.db.db.select().from(securityAuditLogs).where(eq(securityAuditLogs.eventType, 'logout'));
    expect(logoutRows).toHaveLength(1);
  });
});
