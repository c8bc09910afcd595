import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../lib/access/principal.ts';
import { currentUser } from '../../lib/http/auth-guard.ts';

/** What a plan route hands its service: the database, who asks, their user row (for the plan check), and now. */
export function writer(request: FastifyRequest) {
  const user = currentUser(request);
  const now = request.server.deps.clock.now();
  return {
    db: request.server.deps.db,
    principal: principalOf(request),
    userId: user.id,
    user,
    now,
  };
}
