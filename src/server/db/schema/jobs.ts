import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// The in-process job runner's queue (PGlite; PostgreSQL uses pg-boss and its own schema). A job is
// created → active → completed, or back to created with a later runAt after a failure, until its
// attempts are spent: then failed (the dead letters). `key` makes an enqueue idempotent.
export const jobs = pgTable(
  'jobs',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    state: text({ enum: ['created', 'active', 'completed', 'failed'] })
      .notNull()
      .default('created'),
    key: text(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    retryDelayMs: integer().notNull(),
    retryBackoff: boolean().notNull().default(true),
    runAt: timestamptz().notNull(),
    lastError: text(),
    createdAt: timestamptz().notNull(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'created'`),
    uniqueIndex('jobs_name_key_unique')
      .on(t.name, t.key)
      .where(sql`${t.key} is not null`),
    index('jobs_state_finished_idx').on(t.state, t.finishedAt),
  ],
);
export type JobRow = typeof jobs.$inferSelect;

// When each scheduled job runs next. Claiming a run is one conditional UPDATE, so a schedule fires
// once per slot however many ticks race for it.
export const jobSchedules = pgTable('job_schedules', {
  name: text().primaryKey(),
  cron: text().notNull(),
  nextRunAt: timestamptz().notNull(),
});
