import type { FastifyRequest } from 'fastify';
import { enforceRateLimit } from '../../lib/rate-limit.ts';

// Per-IP throttles, counted in the database so they hold across instances. request.ip is the socket
// address unless TRUST_PROXY names the proxies (X-Forwarded-For is ignored by default).

export const AUTH_THROTTLES = {
  login: { limit: 30, windowMs: 15 * 60 * 1000 },
  register: { limit: 20, windowMs: 60 * 60 * 1000 },
  passwordResetRequest: { limit: 10, windowMs: 15 * 60 * 1000 },
  passwordReset: { limit: 20, windowMs: 15 * 60 * 1000 },
} as const;

export async function throttleByIp(request: FastifyRequest, name: keyof typeof AUTH_THROTTLES): Promise<void> {
  const { limit, windowMs } = AUTH_THROTTLES[name];
  await enforceRateLimit({
    db: request.server.deps.db,
    key: `auth:${name}:ip:${request.ip}`,
    limit,
    windowMs,
    now: request.server.deps.clock.now(),
    message: 'Too many attempts from your network. Please wait a few minutes and try again.',
  });
}
