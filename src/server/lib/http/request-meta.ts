import type { FastifyRequest } from 'fastify';

/** What a service may know about the request that asked (for audit rows and throttles), as plain data. */
export type RequestMeta = { requestId: string; ip: string; userAgent: string | null };

export function requestMeta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { requestId: request.id, ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}
