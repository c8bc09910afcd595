import { and, eq, lt, or, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { DAY_MS } from '#shared/app/time.constants.ts';
import {
  AUDIT_LOG_RETENTION_DAYS,
  COMPLETED_JOB_RETENTION_DAYS,
  EXPIRED_TOKEN_RETENTION_DAYS,
  FAILED_JOB_RETENTION_DAYS,
  RATE_LIMIT_RETENTION_DAYS,
  RESET_TOKEN_RETENTION_DAYS,
} from '#shared/app/retention.constants.ts';
import { jobs, jwtTokens, passwordResetTokens, securityAuditLogs } from '../../db/schema/index.ts';
import { pruneRateLimits } from '../http/rate-limit.ts';
import { defineJob, type JobQueue } from './job.ts';

// Scheduled housekeeping: delete what the retention policy no longer keeps. Each is a plain
// DELETE of rows older than a cut-off, so running twice (a retry, two instances) is harmless.

const noPayload = z.object({});
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export const pruneRateLimitsJob = defineJob({
  name: 'maintenance.prune-rate-limits',
  payload: noPayload,
  schedule: '7 * * * *',
  handle: async (_payload, { deps }) => {
    await pruneRateLimits({ db: deps.db, olderThan: daysBefore(deps.clock.now(), RATE_LIMIT_RETENTION_DAYS) });
  },
});

export const purgeExpiredTokensJob = defineJob({
  name: 'maintenance.purge-expired-tokens',
  payload: noPayload,
  schedule: '17 3 * * *',
  handle: async (_payload, { deps }) => {
    const now = deps.clock.now();
    await deps.db.delete(jwtTokens).where(lt(jwtTokens.expiresAt, daysBefore(now, EXPIRED_TOKEN_RETENTION_DAYS)));
    const resetCutoff = daysBefore(now, RESET_TOKEN_RETENTION_DAYS);
    await deps.db
      .delete(passwordResetTokens)
      .where(
        or(
          lt(passwordResetTokens.expiresAt, resetCutoff),
          and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, resetCutoff)),
        ),
      );
  },
});

export const purgeAuditLogsJob = defineJob({
  name: 'maintenance.purge-audit-logs',
  payload: noPayload,
  schedule: '27 3 * * *',
  handle: async (_payload, { deps }) => {
    const cutoff = daysBefore(deps.clock.now(), AUDIT_LOG_RETENTION_DAYS);
    await deps.db.delete(securityAuditLogs).where(lt(securityAuditLogs.createdAt, cutoff));
  },
});

/** The in-process runner's finished rows (pg-boss archives and deletes its own). */
export const purgeFinishedJobsJob = defineJob({
  name: 'maintenance.purge-finished-jobs',
  payload: noPayload,
  schedule: '37 3 * * *',
  handle: async (_payload, { deps }) => {
    const now = deps.clock.now();
    await deps.db
      .delete(jobs)
      .where(
        or(
          and(eq(jobs.state, 'completed'), lt(jobs.finishedAt, daysBefore(now, COMPLETED_JOB_RETENTION_DAYS))),
          and(eq(jobs.state, 'failed'), lt(jobs.finishedAt, daysBefore(now, FAILED_JOB_RETENTION_DAYS))),
        ),
      );
  },
});

export function registerMaintenanceJobs(queue: JobQueue): void {
  for (const job of [pruneRateLimitsJob, purgeExpiredTokensJob, purgeAuditLogsJob, purgeFinishedJobsJob]) {
    queue.register(job);
  }
}
