import path from 'node:path';
import { z } from 'zod';

// The only reader of process.env. Everything has a working default; a bad value stops start-up
// with a message naming the variable.

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // A second port, on HOST, where a thread of its own answers GET /api/health even while the
    // request thread is busy (docs/decisions/043); unset: none (GET /api/health on PORT always answers).
    HEALTH_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    // Unset: http://localhost:<PORT>, so links in e-mails work on a default start on any port.
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    TRUST_PROXY: optionalString,
    // PostgreSQL waits: opening or borrowing a connection, and one statement or idle transaction.
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    // Signs portable analysis bundles (docs/decisions/023); unset: one generated and kept in the database.
    BUNDLE_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    DATASETS_DIR: optionalString,
    // A scheduled refresh of DATASETS_DIR (issue 33, ADR 035): 'daily' fetches the datasets again
    // (resume, checksums) and loads them at run time; off by default, so an offline start never fetches.
    DATASETS_REFRESH: optionalString.pipe(z.enum(['off', 'daily']).optional()).transform((v) => v ?? 'off'),
    // Where the scheduled refresh fetches from: a mirror laid out like the datasets folder (unset: the public sources).
    DATASETS_MIRROR: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SEMANTIC_SEARCH: bool.default(true),
    // Analyses run in this many worker threads (docs/decisions/029); unset: max(1, min(2, cores − 1));
    // 0 runs them on the request thread (unit tests). ENGINE_QUEUE_LIMIT: analyses that may wait for a
    // worker before the next one is answered 503 + Retry-After.
    ENGINE_WORKERS: optionalString.pipe(
      z
        .string()
        .regex(/^\d+$/, 'must be a whole number')
        .transform(Number)
        .pipe(z.number().int().min(0).max(16))
        .optional(),
    ),
    ENGINE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(24),
    // 'low' (default): each engine thread yields the CPU, nice 19 and the idle class (ADR 045, 051), so
    // requests come first. 'normal': the threads keep the process's priority, for a machine whose other
    // processes would otherwise starve analyses (a shared test runner, a box packed with services; ADR 063).
    ENGINE_THREAD_PRIORITY: optionalString.pipe(z.enum(['low', 'normal']).optional()).transform((v) => v ?? 'low'),
    AI_PROVIDER: optionalString.pipe(z.enum(['openai', 'anthropic', 'ollama', 'openai-compatible']).optional()),
    AI_MODEL: optionalString,
    AI_API_KEY: optionalString,
    AI_BASE_URL: optionalString.pipe(z.url().optional()),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().default('Unbuilt <no-reply@unbuilt.local>'),
    SALES_EMAIL: z.email().default('sales@unbuilt.app'),
    // Unset: the demo provider in development and tests; in production payments are off until an
    // operator chooses (stripe, or demo explicitly, which the app then labels on every page).
    PAYMENTS_PROVIDER: optionalString.pipe(z.enum(['demo', 'stripe', 'off']).optional()),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_PRO: optionalString,
    STRIPE_PRICE_ENTERPRISE: optionalString,
    ENABLE_TEST_HOOKS: bool.default(false),
    // A response that does not match its declared schema: a 500 (strict) or a warning in the log.
    // Unset: strict everywhere except production.
    RESPONSE_VALIDATION: optionalString.pipe(z.enum(['strict', 'log']).optional()),
    // How long the auth guard may keep a user's row and session state (dropped at once on any change
    // the database announces; lib/http/auth-cache.ts). Unset: 5 s, except 0 (off) under NODE_ENV=test.
    AUTH_CACHE_TTL_MS: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(60_000).optional()),
    // A client build to serve instead of dist/client (the browser tests use a private build).
    CLIENT_DIST_DIR: optionalString,
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENTS_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENTS_PROVIDER=stripe' });
      }
    }
    if (env.AI_PROVIDER && !env.AI_MODEL) {
      ctx.addIssue({ code: 'custom', path: ['AI_MODEL'], message: 'is required when AI_PROVIDER is set' });
    }
    if ((env.AI_PROVIDER === 'openai' || env.AI_PROVIDER === 'anthropic') && !env.AI_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_API_KEY'],
        message: `is required when AI_PROVIDER=${env.AI_PROVIDER}`,
      });
    }
    if (
      (env.AI_PROVIDER === 'openai-compatible' || env.AI_PROVIDER === 'ollama') &&
      !env.AI_BASE_URL &&
      env.AI_PROVIDER !== 'ollama'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_BASE_URL'],
        message: 'is required when AI_PROVIDER=openai-compatible',
      });
    }
    if (env.DATASETS_REFRESH === 'daily' && !env.DATASETS_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATASETS_REFRESH'],
        message: 'needs DATASETS_DIR (the folder it refreshes)',
      });
    }
    if (env.ENABLE_TEST_HOOKS && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['ENABLE_TEST_HOOKS'], message: 'must not be set in production' });
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'PAYMENTS_PROVIDER' | 'AUTH_CACHE_TTL_MS'> & {
  PUBLIC_URL: string;
  AUTH_CACHE_TTL_MS: number;
  PAYMENTS_PROVIDER: 'demo' | 'stripe' | 'off';
  DATA_DIR_ABS: string;
  responseValidation: 'strict' | 'log';
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses an environment (process.env by default). Throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'} ${i.message}`));
  }
  const responseValidation =
    result.data.RESPONSE_VALIDATION ?? (result.data.NODE_ENV === 'production' ? 'log' : 'strict');
  return {
    ...result.data,
    PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${String(result.data.PORT)}`,
    PAYMENTS_PROVIDER: result.data.PAYMENTS_PROVIDER ?? (result.data.NODE_ENV === 'production' ? 'off' : 'demo'),
    DATA_DIR_ABS: path.resolve(result.data.DATA_DIR),
    AUTH_CACHE_TTL_MS: result.data.AUTH_CACHE_TTL_MS ?? (result.data.NODE_ENV === 'test' ? 0 : 5_000),
    responseValidation,
  };
}

/** For entry points: parse or print a readable message and exit. */
export function loadEnvOrExit(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Test-only: reads a variable for test harnesses (kept here so env stays the only reader). */
export function readTestVariable(
  name:
    | 'TEST_DATABASE_URL'
    | 'CI'
    | 'CHROMIUM_PATH'
    | 'DATASETS_DIR'
    | 'FUZZ_CASES'
    | 'FUZZ_SEED'
    | 'TEST_CACHE_DIR'
    | 'PRINT_PLAN'
    | 'MULTI_INSTANCES'
    | 'TEST_TIME_SCALE',
): string | undefined {
  const value = process.env[name];
  return value && value.trim() !== '' ? value.trim() : undefined;
}

/** Where the process looks system tools up (PATH, as it was started with): `chrt`, for one. */
export function systemPath(): string {
  return process.env.PATH ?? '';
}

/** Test-only: the minimal inherited environment for a child server process started by a test. */
export function childProcessBaseEnv(): Record<string, string> {
  return { PATH: systemPath(), HOME: process.env.HOME ?? '' };
}
