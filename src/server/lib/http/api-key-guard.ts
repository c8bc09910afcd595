import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_REQUESTS_PER_MINUTE, type ApiKeyScope } from '#shared/api-keys/api-keys.schemas.ts';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import { authenticateApiKey } from '../domain/api-key-auth.ts';
import { AppError } from '../platform/app-error.ts';
import { signsIn } from './auth-guard.ts';
import { consumeRateLimit } from './rate-limit.ts';

// The preHandler of every /api/v1 route: `Authorization: Bearer ub_live_…`, the scope the route
// needs, and a per-key rate limit announced with the IETF draft's RateLimit-* headers.

declare module 'fastify' {
  interface FastifyRequest {
    apiKeyId: number | null;
  }
}

export function requireApiKey(scope: ApiKeyScope) {
  return signsIn(async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Send the API key as "Authorization: Bearer <key>".');
    const { db, clock } = request.server.deps;
    const now = clock.now();
    const { apiKey, user } = await authenticateApiKey({ db, key: match[1], scope, now });
    const limit = await consumeRateLimit({
      db,
      key: `api-key:${String(apiKey.id)}`,
      limit: API_KEY_REQUESTS_PER_MINUTE,
      windowMs: MINUTE_MS,
      now,
    });
    const headers = {
      'ratelimit-limit': String(limit.limit),
      'ratelimit-remaining': String(Math.max(0, limit.limit - limit.count)),
      'ratelimit-reset': String(limit.retryAfterSeconds),
    };
    void reply.headers(headers);
    if (!limit.allowed) {
      throw new AppError('RATE_LIMITED', 'Too many requests with this key. Wait and try again.', undefined, {
        ...headers,
        'retry-after': String(limit.retryAfterSeconds),
      });
    }
    request.apiKeyId = apiKey.id;
    request.auth = { userId: user.id, familyId: `api-key:${String(apiKey.id)}`, user };
  });
}
