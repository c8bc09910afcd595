import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../platform/clock.ts';
import type { Mailer } from '../platform/mailer.ts';

// Durable background work (docs/decisions/007-durable-jobs.md). A feature defines a job once — its name,
// payload schema, retry policy, optional cron schedule and an idempotent handler — and enqueues it
// with a typed payload. The same definitions run on pg-boss (PostgreSQL) and on the in-process
// runner (PGlite). A job whose attempts are spent is a dead letter: listed, never lost.

/** What a handler may use: plain dependencies, never a request (jobs run outside any request). */
export type JobDeps = {
  db: Database;
  clock: Clock;
  env: Env;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** A server secret, for values a retried job must derive again (e.g. a mailed token). */
  secret: string;
};

export type JobContext = { jobId: string; attempt: number; deps: JobDeps };

export type RetryPolicy = {
  /** Retries after the first attempt (0 = one attempt only). */
  limit: number;
  /** Wait before the first retry; doubled for each further one when `backoff`. */
  delaySeconds: number;
  backoff: boolean;
};

export type JobDefinition<P> = {
  /** Letters, digits, dots, dashes: `<feature>.<what>` (e.g. auth.password-reset-mail). */
  name: string;
  payload: z.ZodType<P>;
  retry: RetryPolicy;
  /** A handler still running after this long is considered crashed and its job runs again. */
  timeoutSeconds: number;
  /** Five-field cron in UTC (e.g. '17 3 * * *'): the runner enqueues the job on that schedule. */
  schedule?: string;
  /**
   * Must be idempotent: a job runs at least once, so a retry after a crash (or after the effect
   * but before completion was recorded) must not do the effect twice.
   */
  handle: (payload: P, context: JobContext) => Promise<void>;
};

export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delaySeconds: 30, backoff: true };

/** A job definition with the house defaults (3 retries from 30 s with backoff, 5-minute timeout). */
export function defineJob<P>(
  definition: Omit<JobDefinition<P>, 'retry' | 'timeoutSeconds'> &
    Partial<Pick<JobDefinition<P>, 'retry' | 'timeoutSeconds'>>,
): JobDefinition<P> {
  return { retry: DEFAULT_RETRY, timeoutSeconds: 300, ...definition };
}

export type EnqueueOptions = {
  /** Idempotency key: a second enqueue with the same key (while the first job is kept) is ignored. */
  key?: string;
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
};

export type DeadLetter = {
  id: string;
  name: string;
  payload: unknown;
  error: string | null;
  attempts: number;
  failedAt: string | null;
};

export type JobQueue = {
  readonly kind: 'pg-boss' | 'in-process';
  /** Adds a definition (before start). Each feature's <feature>.feature.ts registers its jobs (features.ts). */
  register: <P>(definition: JobDefinition<P>) => void;
  /** The registered jobs' names, in registration order. */
  registeredNames: () => string[];
  /** Queues a job; resolves to its id, or null when the key was already used. */
  enqueue: <P>(definition: JobDefinition<P>, payload: P, options?: EnqueueOptions) => Promise<string | null>;
  /** Queues a registered job by name, its payload checked by the definition's schema (test hooks). */
  enqueueByName: (name: string, payload: unknown, options?: EnqueueOptions) => Promise<string | null>;
  /** Jobs whose attempts are spent, newest first. */
  listDeadLetters: (options?: { name?: string; limit?: number }) => Promise<DeadLetter[]>;
  start: (deps: JobDeps) => Promise<void>;
  /** Stops taking jobs and waits (up to a grace period) for the ones running. */
  stop: () => Promise<void>;
};

/** Registered definitions by name; the name must be unique. */
export function createRegistry() {
  const definitions = new Map<string, JobDefinition<unknown>>();
  return {
    definitions,
    add<P>(definition: JobDefinition<P>): void {
      if (!/^[a-z0-9][a-z0-9.-]*$/.test(definition.name)) throw new Error(`Bad job name "${definition.name}".`);
      if (definitions.has(definition.name)) throw new Error(`Job "${definition.name}" is registered twice.`);
      definitions.set(definition.name, definition as JobDefinition<unknown>);
    },
    get(name: string): JobDefinition<unknown> {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`No job named "${name}" is registered.`);
      return definition;
    },
  };
}

/** Delay before retry number `retry` (1-based) under a policy. */
export function retryDelayMs(policy: RetryPolicy, retry: number): number {
  const factor = policy.backoff ? 2 ** Math.max(0, retry - 1) : 1;
  return policy.delaySeconds * 1000 * factor;
}

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}
