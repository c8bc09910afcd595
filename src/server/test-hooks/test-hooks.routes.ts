import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { authSessionSchema } from '#shared/auth/auth.schemas.ts';
import { userPreferences } from '../db/schema/index.ts';
import { toPublicUser } from '../lib/domain/public-user.ts';
import { requestMeta } from '../lib/http/request-meta.ts';
import { setRefreshCookie } from '../features/auth/auth-cookie.http.ts';
import { issueRefreshToken } from '../features/auth/refresh-token.service.ts';
import { insertFixtureUser, latestOutboxMail } from './test-hooks.service.ts';

// Browser-test controls, registered only when ENABLE_TEST_HOOKS is true (refused in production by
// env.ts). Not a feature: like app.ts it may use any feature.
//   POST /api/__test/clock   { advanceMs } | { at } | { reset: true }      → { now }
//   GET  /api/__test/outbox?to=<email>                                     → the latest e-mail and the count
//   POST /api/__test/jobs    { name, payload, delaySeconds? }              → { id } (enqueue a registered job)
//   POST /api/__test/session { name?, email?, plan?, searchCount? }  → a user created directly, signed in
//                                                                             (refresh cookie set, as after a sign-in)

const clockBody = z.union([
  z.object({ advanceMs: z.number().int() }),
  z.object({ at: z.iso.datetime() }),
  z.object({ reset: z.literal(true) }),
]);

const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  count: z.number().int(),
});

const jobBody = z.object({
  name: z.string().min(1),
  payload: z.unknown(),
  delaySeconds: z.number().int().min(0).max(3600).optional(),
});

const sessionBody = z.object({
  name: z.string().min(1).max(100).default('Fixture User'),
  email: z.email().optional(),
  plan: z.enum(['free', 'pro', 'enterprise']).default('free'),
  /** Searches already used this month (to reach the low-search prompt without running them). */
  searchCount: z.number().int().min(0).max(100).default(0),
  /** An admin (the contributions review queue). */
  role: z.enum(['user', 'admin']).default('user'),
  /** Fixture users have finished the onboarding tour, unless a test is about the tour. */
  tour: z.boolean().default(false),
});

const hidden = { hide: true };

export const testHookRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock, jobs, jwt } = app.deps;

  app.post(
    '/clock',
    { schema: { ...hidden, body: clockBody, response: { 200: ok(z.object({ now: z.string() })) } } },
    async (request) => {
      const body = request.body;
      if ('advanceMs' in body) clock.advance(body.advanceMs);
      else if ('at' in body) clock.set(new Date(body.at));
      else clock.set(null);
      return { success: true as const, data: { now: clock.now().toISOString() } };
    },
  );

  app.get(
    '/outbox',
    {
      schema: {
        ...hidden,
        querystring: z.object({ to: z.string().trim().toLowerCase().min(3) }),
        response: { 200: ok(outboxMailSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await latestOutboxMail({ db, to: request.query.to }) }),
  );

  app.post(
    '/jobs',
    { schema: { ...hidden, body: jobBody, response: { 200: ok(z.object({ id: z.string().nullable() })) } } },
    async (request) => {
      const { name, payload, delaySeconds } = request.body;
      const id = await jobs.enqueueByName(name, payload, delaySeconds === undefined ? {} : { delaySeconds });
      return { success: true as const, data: { id } };
    },
  );

  app.post(
    '/session',
    { schema: { ...hidden, body: sessionBody, response: { 200: ok(authSessionSchema) } } },
    async (request, reply) => {
      const { name, plan, searchCount, role, tour } = request.body;
      const now = clock.now();
      const email = request.body.email ?? `fixture-${randomBytes(6).toString('hex')}@example.test`;
      const user = await insertFixtureUser({
        db,
        values: {
          email: email.toLowerCase(),
          name,
          firstName: name.split(' ')[0] ?? name,
          lastName: name.split(' ').slice(1).join(' ') || null,
          searchCount,
          role,
          lastResetDate: now,
          ...(plan !== 'free'
            ? {
                subscriptionTier: plan,
                subscriptionStatus: 'active',
                subscriptionPeriodEnd: new Date(now.getTime() + 30 * DAY_MS),
              }
            : {}),
        },
      });
      if (!tour) await db.insert(userPreferences).values({ userId: user.id, onboardingCompleted: true });
      const refresh = await issueRefreshToken({ db, meta: requestMeta(request), userId: user.id, now });
      setRefreshCookie(request, reply, refresh.token);
      const accessToken = await jwt.signAccessToken({ userId: user.id, familyId: refresh.familyId }, now);
      return { success: true as const, data: { user: toPublicUser(user, now), accessToken } };
    },
  );
};
