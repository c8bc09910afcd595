import { createHmac, randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { registerFeatures } from './features.ts';
import { startAuthCache, type AuthCache } from './lib/http/auth-cache.ts';
import { registerAuthGuard } from './lib/http/auth-guard.ts';
import { createClock, type Clock } from './lib/platform/clock.ts';
import { createJobQueue } from './lib/jobs/job-queue.ts';
import type { JobQueue } from './lib/jobs/job.ts';
import { createJwtKeys, resolveJwtSecret, type JwtKeys } from './lib/platform/jwt.ts';
import { createMailer, type Mailer } from './lib/platform/mailer.ts';
import { registerErrorHandling, sendMalformedUrl, writeClientError } from './lib/http/error-handler.ts';
import { REDACT_PATHS, serializeError } from './lib/platform/log-redaction.ts';
import { registerOpenApi } from './lib/http/openapi.ts';
import { createResponseSerializer } from './lib/http/response-validation.ts';
import { registerRouteTable } from './lib/http/route-table.ts';
import { registerSecurityHeaders } from './lib/http/security-headers.ts';
import { registerTextAtTheDoor } from './lib/http/text-at-the-door.ts';
import { registerStaticClient } from './lib/http/static-client.ts';
import { showsDemoPaymentsNotice } from './features/billing/payment.provider.ts';

/**
 * Services a feature may replace in tests (a mock LLM, a fake payment provider…). Features add
 * their own optional keys by declaration merging, hence an interface.
 */
export interface AppOverrides {}

export type AppDeps = {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  jwt: JwtKeys;
  /** What the auth guard read per (user, session), dropped on every announced change (lib/http/auth-cache.ts). */
  authCache: AuthCache;
  /** The app's one mailer (SMTP, or the outbox without SMTP_URL; replaceable in tests). */
  mailer: Mailer;
  /** Durable background jobs: features register their definitions and enqueue (lib/jobs/job.ts). */
  jobs: JobQueue;
  overrides: AppOverrides;
  /** Named sections features add to GET /api/health (e.g. the engine's mode and corpus version). */
  healthReports: Map<string, () => unknown>;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type BuildAppOptions = {
  env: Env;
  database: DatabaseHandle;
  clock?: Clock;
  overrides?: AppOverrides;
  /** Serve the built client (production and browser tests). */
  serveClient?: boolean;
  /** Where log lines go (default stdout); tests pass a collector to assert what is logged. */
  logStream?: { write: (line: string) => void };
  clientDistDir?: string;
};

/** TRUST_PROXY: unset/false (use the socket address), true (trust every hop: only behind a proxy you own), or a comma list of proxy addresses/CIDRs. */
function trustProxySetting(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            serializers: { err: (error: Error) => serializeError(error) },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: env.BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    forceCloseConnections: 'idle',
    // A URL Fastify cannot decode (bad percent-encoding) answers in the envelope, never echoed.
    frameworkErrors: (_error, _request, reply) => {
      void sendMalformedUrl(reply);
    },
    // …and so do the errors Node's parser raises before routing (431 for a URL over 16 KB, 408, 400).
    clientErrorHandler: writeClientError,
    // Slowloris and stalled uploads: the whole request must arrive within this time.
    requestTimeout: 30_000,
    return503OnClosing: true,
    // Start-up hooks (the job queue creating its schema while other instances race to, on a busy
    // database) outlasted Fastify's default 10 s on a loaded machine and the instance exited with 1.
    // A hang is still caught (docs/decisions/046-ci-time.md, "Eighth stop").
    pluginTimeout: 60_000,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ mode: env.responseValidation, log: app.log }));
  // Only JSON bodies are accepted by default: a text/plain or form body gets 415 (blocks simple
  // cross-site form posts). Features that need raw bodies (webhooks) add a scoped parser.
  app.removeContentTypeParser('text/plain');

  const jwtSecret = await resolveJwtSecret(options.database.db, env.JWT_SECRET);
  const overrides = options.overrides ?? {};
  const deps: AppDeps = {
    env,
    database: options.database,
    db: options.database.db,
    clock: options.clock ?? createClock(),
    jwt: createJwtKeys(jwtSecret),
    authCache: await startAuthCache(options.database, env.AUTH_CACHE_TTL_MS),
    mailer:
      overrides.mailer ??
      createMailer({
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM,
        publicUrl: env.PUBLIC_URL,
        db: options.database.db,
        log: app.log,
      }),
    jobs: createJobQueue(options.database),
    overrides,
    healthReports: new Map(),
  };
  app.decorate('deps', deps);
  // Workers start once every feature has registered its jobs, and stop before the database closes.
  app.addHook('onReady', async () => {
    await deps.jobs.start({
      db: deps.db,
      clock: deps.clock,
      env,
      mailer: deps.mailer,
      log: app.log,
      secret: createHmac('sha256', jwtSecret).update('unbuilt-jobs').digest('base64url'),
    });
  });
  app.addHook('preClose', async () => {
    await deps.jobs.stop();
  });
  app.addHook('onClose', async () => {
    await deps.authCache.close();
  });

  // Hooks that run on every request are synchronous: an async hook costs a promise and a
  // microtask turn per request (ADR 058).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // While shutting down, answer in-flight requests with `Connection: close` so keep-alive sockets
  // do not hold the process open after their last response.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerRouteTable(app);
  await registerOpenApi(app);
  registerErrorHandling(app);
  registerTextAtTheDoor(app);
  registerAuthGuard(app);
  registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await registerFeatures(app);
  if (options.serveClient)
    await registerStaticClient(app, options.clientDistDir, {
      // The pre-rendered landing page has no "Demo payments" notice: with one to show, / is the app too.
      isLandingPrerendered: !showsDemoPaymentsNotice(env, overrides.paymentProvider),
    });
  else await registerStaticClient(app, '/nonexistent-client-dist');
  return app;
}
