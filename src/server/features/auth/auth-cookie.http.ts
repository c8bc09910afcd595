import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/platform/app-error.ts';
import { servedOverHttps } from '../../lib/http/security-headers.ts';
import { REFRESH_TOKEN_TTL_MS } from './refresh-token.service.ts';

// The refresh cookie: HttpOnly, SameSite=Strict, Secure over HTTPS, sent only to /api/auth.

export const REFRESH_COOKIE = 'unbuilt_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: servedOverHttps(request),
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: servedOverHttps(request),
    path: REFRESH_COOKIE_PATH,
  });
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : null;
}

function allowedOrigins(request: FastifyRequest): Set<string> {
  const { PUBLIC_URL } = request.server.deps.env;
  return new Set([new URL(PUBLIC_URL).origin, `${request.protocol}://${request.host}`]);
}

/**
 * Cross-site request defence for endpoints the cookie authenticates. Browsers always send Origin on
 * POST; a missing or foreign one is refused. `requireOrigin: false` (login, register: no cookie is
 * read) only refuses a foreign Origin.
 */
export function assertSameOrigin(request: FastifyRequest, options: { requireOrigin: boolean }): void {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') throw new AppError('CSRF_REJECTED', 'Cross-site requests are not allowed.');
  if (!origin) {
    if (options.requireOrigin) throw new AppError('CSRF_REJECTED', 'Cross-site requests are not allowed.');
    return;
  }
  if (!allowedOrigins(request).has(origin)) throw new AppError('CSRF_REJECTED', 'Cross-site requests are not allowed.');
}
