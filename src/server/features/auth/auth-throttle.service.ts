import { MINUTE_MS, HOUR_MS } from '#shared/app/time.constants.ts';
import type { Database } from '../../db/client.ts';
import { enforceRateLimit } from '../../lib/http/rate-limit.ts';

// Per-IP throttles, counted in the database so they hold across instances. The IP is the socket
// address unless TRUST_PROXY names the proxies (X-Forwarded-For is ignored by default).

export const AUTH_THROTTLES = {
  login: { limit: 30, windowMs: 15 * MINUTE_MS },
  register: { limit: 20, windowMs: HOUR_MS },
  registerConfirm: { limit: 20, windowMs: 15 * MINUTE_MS },
  passwordResetRequest: { limit: 10, windowMs: 15 * MINUTE_MS },
  passwordReset: { limit: 20, windowMs: 15 * MINUTE_MS },
} as const;

export async function throttleByIp(options: {
  db: Database;
  now: Date;
  ip: string;
  name: keyof typeof AUTH_THROTTLES;
}): Promise<void> {
  const { db, now, ip, name } = options;
  const { limit, windowMs } = AUTH_THROTTLES[name];
  await enforceRateLimit({
    db,
    key: `auth:${name}:ip:${ip}`,
    limit,
    windowMs,
    now,
    message: 'Too many attempts from your network. Please wait a few minutes and try again.',
  });
}
