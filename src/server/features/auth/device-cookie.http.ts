import type { FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { servedOverHttps } from '../../lib/http/security-headers.ts';

// A known device: after a successful sign-in the browser keeps a signed cookie naming the account.
// A locked account still lets its owner in from such a device with the right password, so a lock
// that strangers cause by guessing cannot keep the owner out (docs/decisions/014). The cookie is
// not a credential: the password is still checked, and it is signed so nobody can make one up.

export const DEVICE_COOKIE = 'unbuilt_device';
const DEVICE_COOKIE_MAX_AGE_S = Math.floor((365 * DAY_MS) / 1000);

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  void reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: servedOverHttps(request),
    path: '/api/auth',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
