import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

// Who is asking. Today every caller is a signed-in user; the other kinds are the principals the
// next features bring (a team member acting in a team, a share link's recipient, an API key), so
// services and resource policies take a Principal from the start and callers never change.

export type TeamRole = 'owner' | 'admin' | 'member' | 'viewer';
export type ApiKeyScope = 'read' | 'search' | 'export';
export type SharePermissions = { canEdit: boolean; canComment: boolean; canShare: boolean };

export type Principal =
  | { kind: 'user'; userId: number }
  | { kind: 'team-member'; userId: number; teamId: number; role: TeamRole }
  | { kind: 'share'; shareId: number; userId: number | null; permissions: SharePermissions }
  | { kind: 'api-key'; userId: number; keyId: number; scopes: readonly ApiKeyScope[] };

/** What a principal wants to do with a row. */
export type Permission = 'read' | 'write' | 'delete' | 'comment' | 'share';

export function userPrincipal(userId: number): Principal {
  return { kind: 'user', userId };
}

/** The key scope an action needs: reading needs 'read'; anything else is not an API key's to do yet. */
const SCOPE_FOR: Record<Permission, ApiKeyScope | null> = {
  read: 'read',
  write: null,
  delete: null,
  comment: null,
  share: null,
};

/**
 * Refuses (403) a principal whose credential cannot do this at all, whatever the row: an API key
 * without the scope. Row-level refusals are 404s from the resource policy instead.
 */
export function assertPrincipalMay(principal: Principal, permission: Permission): void {
  if (principal.kind !== 'api-key') return;
  const scope = SCOPE_FOR[permission];
  if (!scope || !principal.scopes.includes(scope)) {
    throw new AppError('FORBIDDEN', "This API key's scopes do not allow that.");
  }
}

/** The principal of a request that passed an auth guard. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
  return userPrincipal(request.auth.user.id);
}
