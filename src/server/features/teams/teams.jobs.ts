import { z } from 'zod';
import { defineJob } from '../../lib/jobs/job.ts';
import { purgeOldInvitations, sendInvitationMail } from './invitations.service.ts';

// Background work of the teams feature.

/** Mails a team invitation (enqueued when it is created). */
export const invitationMailJob = defineJob({
  name: 'teams.invitation-mail',
  payload: z.object({ invitationId: z.number().int() }),
  retry: { limit: 4, delaySeconds: 30, backoff: true },
  handle: async ({ invitationId }, { deps }) =>
    sendInvitationMail({
      db: deps.db,
      clock: deps.clock,
      mailer: deps.mailer,
      publicUrl: deps.env.PUBLIC_URL,
      secret: deps.secret,
      invitationId,
    }),
});

/** Deletes invitations a week past their expiry or answer. */
export const purgeInvitationsJob = defineJob({
  name: 'teams.purge-invitations',
  payload: z.object({}),
  schedule: '7 4 * * *',
  handle: async (_payload, { deps }) => {
    await purgeOldInvitations({ db: deps.db, now: deps.clock.now() });
  },
});
