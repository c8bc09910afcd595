import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noDataSchema, ok } from '#shared/api/envelope.schemas.ts';
import {
  accessTokenSchema,
  authSessionSchema,
  changePasswordSchema,
  confirmRegistrationSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerRequestSchema,
  NO_MAIL_SERVER_NOTE,
  REGISTRATION_SENT_MESSAGE,
  resetPasswordSchema,
} from '#shared/auth/auth.schemas.ts';
import { publicUserSchema } from '#shared/auth/user.schemas.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { toPublicUser } from '../../lib/domain/public-user.ts';
import { requestMeta } from '../../lib/http/request-meta.ts';
import { writeAudit } from '../../lib/domain/security-audit.ts';
import { revokeFamily } from '../../lib/domain/session-families.ts';
import { clearRefreshCookie, assertSameOrigin, readRefreshCookie, setRefreshCookie } from './auth-cookie.http.ts';
import { passwordResetMailJob, registrationMailJob } from './auth.jobs.ts';
import { throttleByIp, type AUTH_THROTTLES } from './auth-throttle.service.ts';
import { authenticate } from './login.service.ts';
import { confirmRegistration, startRegistration } from './registration.service.ts';
import { changePassword, resetPassword } from './password.service.ts';
import { updateProfile } from './profile.service.ts';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookie.http.ts';
import { failedSignInNoticeMail } from './lock-notice.render.ts';
import { familyOfToken, issueRefreshToken, rotateRefreshToken } from './refresh-token.service.ts';

// /api/auth
//   POST  /register               { email, name, password, confirmPassword, redirectTo? } → 202, the same answer for
//                                 any address; a job mails a link (new address) or a notice to the owner (taken)
//   POST  /register/confirm       { token } from the link → creates the account: { user, accessToken } + refresh cookie
//   POST  /login                  { email, password }                        → { user, accessToken } + refresh cookie
//   POST  /logout                 (refresh cookie, same-origin only)         → revokes the session family
//   POST  /refresh                (refresh cookie, same-origin only)         → { accessToken }, rotated cookie
//   GET   /user, GET /profile     (bearer)                                   → the user DTO
//   PATCH /profile                { name?, firstName?, lastName?, avatar? }  → the user DTO (other fields ignored)
//   POST  /password/forgot        { email }                                  → same answer for any e-mail; a job mails a link
//   POST  /password/reset         { token, password, confirmPassword }       → revokes every session
//   POST  /password/change        (bearer) { currentPassword, newPassword, confirmPassword } → revokes other sessions

const tags = ['auth'];
const session = ok(authSessionSchema);
const userResponse = ok(publicUserSchema);
const nothing = ok(noDataSchema);

export const authRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock, jwt, jobs } = app.deps;

  const throttle = (request: FastifyRequest, name: keyof typeof AUTH_THROTTLES) =>
    throttleByIp({ db, now: clock.now(), ip: request.ip, name });

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const now = clock.now();
    const refresh = await issueRefreshToken({ db, meta: requestMeta(request), userId: user.id, now });
    setRefreshCookie(request, reply, refresh.token);
    setDeviceCookie(request, reply, jwt.device.sign(user.id));
    const accessToken = await jwt.signAccessToken({ userId: user.id, familyId: refresh.familyId }, now);
    return { success: true as const, data: { user: toPublicUser(user, now), accessToken } };
  }

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Start creating an account (a link is e-mailed)',
        body: registerRequestSchema,
        response: { 202: nothing },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, { requireOrigin: false });
      await throttle(request, 'register');
      // The same work and the same answer for a new and a taken address (docs/decisions/034): the
      // job decides which e-mail to send.
      const pendingId = await startRegistration({
        db,
        clock,
        input: { ...request.body, password: request.body.password ?? '' },
      });
      await jobs.enqueue(registrationMailJob, { pendingId, meta: requestMeta(request) });
      const message = app.deps.env.SMTP_URL
        ? REGISTRATION_SENT_MESSAGE
        : `${REGISTRATION_SENT_MESSAGE} ${NO_MAIL_SERVER_NOTE}`;
      return reply.status(202).send({ success: true as const, data: null, message });
    },
  );

  app.post(
    '/register/confirm',
    {
      schema: {
        tags,
        summary: 'Finish creating an account with the e-mailed link; signs in',
        body: confirmRegistrationSchema,
        response: { 201: session },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, { requireOrigin: false });
      await throttle(request, 'registerConfirm');
      const user = await confirmRegistration({ db, clock, meta: requestMeta(request), token: request.body.token });
      return reply.status(201).send(await startSession(request, reply, user));
    },
  );

  app.post(
    '/login',
    { schema: { tags, summary: 'Sign in', body: loginSchema, response: { 200: session } } },
    async (request, reply) => {
      assertSameOrigin(request, { requireOrigin: false });
      // A device signed in before is slowed by its own failures only (login-delay.service.ts), so the
      // address's window, which strangers on the same network fill, does not apply to it.
      const knownDeviceUserId = jwt.device.userOf(request.cookies[DEVICE_COOKIE]);
      if (knownDeviceUserId === null) await throttle(request, 'login');
      const user = await authenticate({
        db,
        clock,
        meta: requestMeta(request),
        log: request.log,
        input: request.body,
        knownDeviceUserId,
        notifyOwner: (owner) =>
          app.deps.mailer.sendMail({ to: owner.email, ...failedSignInNoticeMail(app.deps.env.PUBLIC_URL) }),
      });
      return reply.send(await startSession(request, reply, user));
    },
  );

  app.post(
    '/refresh',
    { schema: { tags, summary: 'A new access token (refresh cookie)', response: { 200: ok(accessTokenSchema) } } },
    async (request, reply) => {
      assertSameOrigin(request, { requireOrigin: true });
      const token = readRefreshCookie(request);
      if (!token) throw new AppError('UNAUTHENTICATED', 'You need to sign in.');
      const now = clock.now();
      try {
        const outcome = await rotateRefreshToken({ db, meta: requestMeta(request), log: request.log, token, now });
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
      const token = readRefreshCookie(request);
      const family = token ? await familyOfToken({ db, token }) : null;
      if (family) {
        await revokeFamily({ db, familyId: family.familyId, reason: 'logout', now: clock.now() });
        await writeAudit({
          db,
          meta: requestMeta(request),
          event: { eventType: 'logout', success: true, userId: family.userId, sessionId: family.familyId },
        });
      }
      clearRefreshCookie(request, reply);
      return reply.send({ success: true as const, data: null });
    },
  );

  for (const path of ['/user', '/profile']) {
    app.get(
      path,
      {
        preHandler: requireUser,
        config: { allowWhilePasswordChangeRequired: true },
        schema: { tags, summary: 'The signed-in user', response: { 200: userResponse } },
      },
      async (request) => ({ success: true as const, data: toPublicUser(currentUser(request), clock.now()) }),
    );
  }

  app.patch(
    '/profile',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Change my profile', body: profileUpdateSchema, response: { 200: userResponse } },
    },
    async (request) => {
      const now = clock.now();
      const updated = await updateProfile({ db, user: currentUser(request), input: request.body, now });
      return { success: true as const, data: toPublicUser(updated, now) };
    },
  );

  app.post(
    '/password/forgot',
    {
      schema: { tags, summary: 'E-mail a password reset link', body: forgotPasswordSchema, response: { 202: nothing } },
    },
    async (request, reply) => {
      await throttle(request, 'passwordResetRequest');
      // Queued, not sent here: the answer takes the same time whether or not the account exists.
      await jobs.enqueue(passwordResetMailJob, { email: request.body.email, meta: requestMeta(request) });
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
      await throttle(request, 'passwordReset');
      await resetPassword({ db, clock, meta: requestMeta(request), input: request.body });
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
      config: { allowWhilePasswordChangeRequired: true },
      schema: { tags, summary: 'Change my password', body: changePasswordSchema, response: { 200: nothing } },
    },
    async (request) => {
      await changePassword({
        db,
        clock,
        meta: requestMeta(request),
        user: currentUser(request),
        input: request.body,
        currentFamilyId: request.auth?.familyId ?? null,
      });
      return { success: true as const, data: null, message: 'Your password has been changed.' };
    },
  );
};
