import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/app-error.ts';

// Who is asking: a signed-in user, in the app or through one of their API keys (/api/v1, whose route
// guard checks the key's scope before any service runs: lib/http/api-key-guard.ts). Team membership and
// shares are not principals of their own: the resource policies reach a team's or a share's rows from
// the user (lib/access/policy.ts). Services take a Principal, never a request, so a job can call them.

export type Principal = { kind: 'user'; userId: number };

/** What a principal wants to do with a row. */
export type Permission = 'read' | 'write' | 'delete' | 'comment' | 'share';

export function userPrincipal(userId: number): Principal {
  return { kind: 'user', userId };
}

/** The principal of a request that passed an auth guard. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
  return userPrincipal(request.auth.user.id);
}
