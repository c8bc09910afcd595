import { z } from 'zod';
import { defineJob } from '../../lib/jobs/job.ts';
import { expireReservations } from './search-quota.service.ts';

// Background work of the searches feature.

/** Gives back the quota units of searches whose process died mid-analysis (reservations past their expiry). */
export const expireReservationsJob = defineJob({
  name: 'searches.expire-reservations',
  payload: z.object({}),
  schedule: '*/5 * * * *',
  handle: async (_payload, { deps }) => {
    await expireReservations(deps.db, deps.clock.now());
  },
});
