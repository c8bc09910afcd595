import { z } from 'zod';
import { defineJob, type JobDeps } from '../../lib/jobs/job.ts';
import type { NotificationFrequency } from '#shared/account/preferences.schemas.ts';
import { sendNotificationMails } from './notification-mail.service.ts';
import { purgeOldNotifications } from './notifications.service.ts';
import { unsubscribeSecret } from './unsubscribe-token.service.ts';

// Notification e-mails (ADR 027): every minute for 'immediate' (and to retire the pending rows of
// 'never'), every hour for the digests, each of which only sends what its period has closed, so a
// run that is late or missed is caught up by the next one.

async function run(deps: JobDeps, frequencies: readonly NotificationFrequency[]): Promise<void> {
  await sendNotificationMails({
    db: deps.db,
    clock: deps.clock,
    mailer: deps.mailer,
    publicUrl: deps.env.PUBLIC_URL,
    secret: await unsubscribeSecret(deps.db),
    frequencies,
  });
}

export const immediateMailJob = defineJob({
  name: 'notifications.immediate-mail',
  payload: z.object({}),
  schedule: '* * * * *',
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  handle: async (_payload, { deps }) => run(deps, ['immediate', 'never']),
});

export const digestMailJob = defineJob({
  name: 'notifications.digest-mail',
  payload: z.object({}),
  schedule: '13 * * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  handle: async (_payload, { deps }) => run(deps, ['daily', 'weekly', 'monthly']),
});

/** Daily: notifications older than NOTIFICATION_RETENTION_DAYS go (docs/product/retention.md). */
export const purgeNotificationsJob = defineJob({
  name: 'notifications.purge-old',
  payload: z.object({}),
  schedule: '57 3 * * *',
  handle: async (_payload, { deps }) => {
    await purgeOldNotifications({ db: deps.db, now: deps.clock.now() });
  },
});
