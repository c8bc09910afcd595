import { z } from 'zod';
import { defineJob } from '../../lib/jobs/job.ts';
import { sendPasswordResetMail } from './password.service.ts';
import { purgeExpiredRegistrations, sendRegistrationMail } from './registration.service.ts';

// Background work of the auth feature.

const requestMetaSchema = z.object({ requestId: z.string(), ip: z.string(), userAgent: z.string().nullable() });

/** Mails a password reset link (enqueued by POST /api/auth/password/forgot). */
export const passwordResetMailJob = defineJob({
  name: 'auth.password-reset-mail',
  payload: z.object({ email: z.string(), meta: requestMetaSchema }),
  retry: { limit: 4, delaySeconds: 30, backoff: true },
  handle: async ({ email, meta }, { jobId, deps }) =>
    sendPasswordResetMail({
      db: deps.db,
      clock: deps.clock,
      mailer: deps.mailer,
      publicUrl: deps.env.PUBLIC_URL,
      secret: deps.secret,
      jobId,
      meta,
      email,
    }),
});

/** Mails a registration link, or a notice to the owner of a taken address (enqueued by POST /api/auth/register). */
export const registrationMailJob = defineJob({
  name: 'auth.registration-mail',
  payload: z.object({ pendingId: z.number().int(), meta: requestMetaSchema }),
  retry: { limit: 4, delaySeconds: 30, backoff: true },
  handle: async ({ pendingId, meta }, { jobId, deps }) =>
    sendRegistrationMail({
      db: deps.db,
      mailer: deps.mailer,
      publicUrl: deps.env.PUBLIC_URL,
      secret: deps.secret,
      jobId,
      meta,
      pendingId,
    }),
});

/** Deletes registrations whose link has expired (hourly: they hold a password hash). */
export const purgePendingRegistrationsJob = defineJob({
  name: 'auth.purge-pending-registrations',
  payload: z.object({}),
  schedule: '47 * * * *',
  handle: async (_payload, { deps }) => {
    await purgeExpiredRegistrations({ db: deps.db, now: deps.clock.now() });
  },
});
