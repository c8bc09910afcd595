import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '#shared/app/time.constants.ts';
import { jobs, jwtTokens, passwordResetTokens, rateLimits, securityAuditLogs } from '../../db/schema/index.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { JobContext } from './job.ts';
import {
  pruneRateLimitsJob,
  purgeAuditLogsJob,
  purgeExpiredTokensJob,
  purgeFinishedJobsJob,
} from './maintenance.jobs.ts';

// The scheduled housekeeping deletes exactly what the retention policy no longer keeps.

let t: TestApp;
let context: JobContext;
const now = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(now);
  const { db, env, mailer } = t.app.deps;
  context = {
    jobId: 'maintenance-test',
    attempt: 1,
    deps: { db, clock: t.clock, env, mailer, log: t.app.log, secret: 's' },
  };
});
afterAll(() => t.close());

describe('maintenance jobs', () => {
  it('prune rate-limit windows older than a day', async () => {
    await t.db.db.insert(rateLimits).values([
      { key: 'old', windowStart: ago(2 * DAY_MS), count: 3 },
      { key: 'recent', windowStart: ago(HOUR_MS), count: 3 },
    ]);
    await pruneRateLimitsJob.handle({}, context);
    expect((await t.db.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['recent']);
  });

  it('purge refresh tokens a week past expiry and reset tokens a week past use or expiry', async () => {
    const { user } = await createUser(t);
    const token = (hash: string, expiresAt: Date) => ({
      id: randomUUID(),
      userId: user.id,
      familyId: 'f',
      tokenHash: hash,
      issuedAt: ago(40 * DAY_MS),
      expiresAt,
    });
    await t.db.db.insert(jwtTokens).values([token('long-expired', ago(8 * DAY_MS)), token('live', ago(-DAY_MS))]);
    await t.db.db.insert(passwordResetTokens).values([
      { userId: user.id, tokenHash: 'expired', createdAt: ago(9 * DAY_MS), expiresAt: ago(8 * DAY_MS) },
      { userId: user.id, tokenHash: 'used', createdAt: ago(9 * DAY_MS), expiresAt: now, usedAt: ago(8 * DAY_MS) },
      { userId: user.id, tokenHash: 'fresh', createdAt: ago(HOUR_MS), expiresAt: ago(-HOUR_MS) },
    ]);
    await purgeExpiredTokensJob.handle({}, context);
    const family = await t.db.db.select().from(jwtTokens).where(eq(jwtTokens.familyId, 'f'));
    expect(family.map((r) => r.tokenHash)).toEqual(['live']);
    expect((await t.db.db.select().from(passwordResetTokens)).map((r) => r.tokenHash)).toEqual(['fresh']);
  });

  it('purge audit rows older than a year', async () => {
    const row = (action: string, createdAt: Date) => ({ eventType: 'login_success', action, success: true, createdAt });
    await t.db.db.insert(securityAuditLogs).values([row('old', ago(366 * DAY_MS)), row('kept', ago(300 * DAY_MS))]);
    await purgeAuditLogsJob.handle({}, context);
    expect((await t.db.db.select().from(securityAuditLogs)).map((r) => r.action)).toEqual(['kept']);
  });

  it('purge finished in-process jobs after a week, dead letters after a month, never queued ones', async () => {
    const job = (id: string, state: 'completed' | 'failed' | 'created', finishedAt: Date | null) => ({
      id,
      name: 'test.any',
      payload: {},
      state,
      maxAttempts: 1,
      retryDelayMs: 1000,
      runAt: ago(60 * DAY_MS),
      createdAt: ago(60 * DAY_MS),
      finishedAt,
    });
    await t.db.db
      .insert(jobs)
      .values([
        job('done-old', 'completed', ago(8 * DAY_MS)),
        job('done-new', 'completed', ago(DAY_MS)),
        job('dead-old', 'failed', ago(31 * DAY_MS)),
        job('dead-new', 'failed', ago(8 * DAY_MS)),
        job('queued', 'created', null),
      ]);
    await purgeFinishedJobsJob.handle({}, context);
    const left = (await t.db.db.select().from(jobs)).map((r) => r.id).filter((id) => id !== context.jobId);
    expect(left.filter((id) => ['done-old', 'done-new', 'dead-old', 'dead-new', 'queued'].includes(id)).sort()).toEqual(
      ['dead-new', 'done-new', 'queued'],
    );
  });
});
