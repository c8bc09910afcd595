import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noDataSchema, ok } from '#shared/api/envelope.schemas.ts';
import {
  accessTokenSchema,
  authSessionSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerRequestSchema,
  resetPasswordSchema,
} from '#shared/auth/auth.schemas.ts';
import { publicUserSchema } from '#shared/auth/user.schemas.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { toPublicUser } from '../../lib/public-user.ts';
import { clearRefreshCookie, assertSameOrigin, readRefreshCookie, setRefreshCookie } from './auth-cookie.ts';
import { throttleByIp } from './auth-throttle.ts';
import { authenticate, registerUser } from './login.service.ts';
import { changePassword, resetPassword, sendPasswordResetMail } from './password.service.ts';
import { familyOfToken, issueRefreshToken, revokeFamily, rotateRefreshToken } from './refresh-token.service.ts';
import { writeAudit } from './security-audit.service.ts';
import { createBackgroundTasks } from './background-tasks.ts';

// /api/auth
//   POST  /register               { email, name, password, confirmPassword } → { user, accessToken } + refresh cookie
//   POST  /login                  { email, password }                        → { user, accessToken } + refresh cookie
//   POST  /logout                 (refresh cookie, same-origin only)         → revokes the session family
//   POST  /refresh                (refresh cookie, same-origin only)         → { accessToken }, rotated cookie
//   GET   /user, GET /profile     (bearer)                                   → the user DTO
//   PATCH /profile                { name?, firstName?, lastName?, avatar? }  → the user DTO (other fields ignored)
//   POST  /password/forgot        { email }                                  → same answer for any e-mail; mails a link
//   POST  /password/reset         { token, password, confirmPassword }       → revokes every session
//   POST  /password/change        (bearer) { currentPassword, newPassword, confirmPassword } → revokes other sessions

async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
  const { db, clock, jwt } = request.server.deps;
  const now = clock.now();
  const refresh = await issueRefreshToken(db, request, { userId: user.id, now });
  setRefreshCookie(request, reply, refresh.token);
  const accessToken = await jwt.signAccessToken({ userId: user.id, familyId: refresh.familyId }, now);
  return { success: true as const, data: { user: toPublicUser(user, now), accessToken } };
}

const tags = ['auth'];
const session = ok(authSessionSchema);
const user = ok(publicUserSchema);
const nothing = ok(noDataSchema);

export const authRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const background = createBackgroundTasks(base);

  app.post(
    '/register',
    { schema: { tags, summary: 'Create an account', body: registerRequestSchema, response: { 201: session } } },
    async (request, reply) => {
      assertSameOrigin(request, { requireOrigin: false });
      await throttleByIp(request, 'register');
      const { password } = request.body;
      const user = await registerUser(request, { ...request.body, password: password ?? '' });
      return reply.status(201).send(await startSession(request, reply, user));
    },
  );

  app.post(
    '/login',
    { schema: { tags, summary: 'Sign in', body: loginSchema, response: { 200: session } } },
    async (request, reply) => {
      assertSameOrigin(request, { requireOrigin: false });
      await throttleByIp(request, 'login');
      const user = await authenticate(request, request.body);
      return reply.send(await startSession(request, reply, user));
    },
  );

  app.post(
    '/refresh',
    { schema: { tags, summary: 'A new access token (refresh cookie)', response: { 200: ok(accessTokenSchema) } } },
    async (request, reply) => {
      assertSameOrigin(request, { requireOrigin: true });
      const { db, clock, jwt } = app.deps;
      const token = readRefreshCookie(request);
      if (!token) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
      const now = clock.now();
      try {
        const outcome = await rotateRefreshToken(db, request, token, now);
        if (outcome.newToken) setRefreshCookie(request, reply, outcome.newToken.token);
        const accessToken = await jwt.signAccessToken({ userId: outcome.user.id, familyId: outcome.familyId }, now);
        return reply.send({ success: true as const, data: { accessToken } });
      } catch (error) {
        // A dead refresh token is useless to the browser: drop it along with the error.
        clearRefreshCookie(request, reply);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'Sign out this session', response: { 200: nothing } } },
    async (request, reply) => {
      assertSameOrigin(request, { requireOrigin: true });
      const { db, clock } = app.deps;
      const token = readRefreshCookie(request);
      const family = token ? await familyOfToken(db, token) : null;
      if (family) {
        await revokeFamily(db, family.familyId, 'logout', clock.now());
        await writeAudit(db, request, {
          eventType: 'logout',
          success: true as const,
          userId: family.userId,
          sessionId: family.familyId,
        });
      }
      clearRefreshCookie(request, reply);
      return reply.send({ success: true as const, data: null });
    },
  );

  app.get(
    '/user',
    { preHandler: requireUser, schema: { tags, summary: 'The signed-in user', response: { 200: user } } },
    async (request) => ({
      success: true as const,
      data: toPublicUser(currentUser(request), app.deps.clock.now()),
    }),
  );

  app.get(
    '/profile',
    { preHandler: requireUser, schema: { tags, summary: 'The signed-in user', response: { 200: user } } },
    async (request) => ({
      success: true as const,
      data: toPublicUser(currentUser(request), app.deps.clock.now()),
    }),
  );

  app.patch(
    '/profile',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Change my profile', body: profileUpdateSchema, response: { 200: user } },
    },
    async (request) => {
      const user = currentUser(request);
      const { name, firstName, lastName, avatar } = request.body;
      const now = app.deps.clock.now();
      const [updated] = await app.deps.db
        .update(users)
        .set({
          ...(name !== undefined ? { name } : {}),
          ...(firstName !== undefined ? { firstName: firstName || null } : {}),
          ...(lastName !== undefined ? { lastName: lastName || null } : {}),
          ...(avatar !== undefined ? { avatar: avatar || null } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning();
      return { success: true as const, data: toPublicUser(updated ?? user, now) };
    },
  );

  app.post(
    '/password/forgot',
    {
      schema: { tags, summary: 'E-mail a password reset link', body: forgotPasswordSchema, response: { 202: nothing } },
    },
    async (request, reply) => {
      await throttleByIp(request, 'passwordResetRequest');
      const { email } = request.body;
      background.run(request, 'password reset mail', () => sendPasswordResetMail(request, email));
      return reply.status(202).send({
        success: true as const,
        data: null,
        message: 'If an account exists for that email, we have sent a link to reset the password.',
      });
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: resetPasswordSchema,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await throttleByIp(request, 'passwordReset');
      await resetPassword(request, request.body);
      return {
        success: true as const,
        data: null,
        message: 'Your password has been reset. Please sign in with your new password.',
      };
    },
  );

  app.post(
    '/password/change',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Change my password', body: changePasswordSchema, response: { 200: nothing } },
    },
    async (request) => {
      await changePassword(request, currentUser(request), request.body, request.auth?.familyId ?? null);
      return { success: true as const, data: null, message: 'Your password has been changed.' };
    },
  );
};
