import { z } from 'zod';
import { defineJob } from '../../lib/jobs/job.ts';
import { purgeOldEvents } from './analytics.service.ts';

/** Daily: delete analytics events older than ANALYTICS_RETENTION_MONTHS (docs/product/retention.md). */
export const purgeAnalyticsEventsJob = defineJob({
  name: 'analytics.purge-old-events',
  payload: z.object({}),
  schedule: '47 3 * * *',
  handle: async (_payload, { deps }) => {
    await purgeOldEvents({ db: deps.db, now: deps.clock.now() });
  },
});
