import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { currentUser, requireUser } from './auth-guard.ts';

// Admins are users whose database row has role 'admin' (granted with `npm run admin -- grant-admin
// <email>`); nobody is an admin by default, and a token claim cannot make anyone one.
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.auth) await requireUser(request);
  if (currentUser(request).role !== 'admin')
    throw new AppError('FORBIDDEN', "You don't have permission to access this resource.");
}
