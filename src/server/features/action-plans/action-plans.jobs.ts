import { z } from 'zod';
import { defineJob } from '../../lib/jobs/job.ts';
import { snapshotAllPlans } from './plan-progress.service.ts';

// Background work of action plans (ADR 007): a progress snapshot of every plan each day, so the chart
// has a point for days nobody touched the plan. An upsert per (plan, day): a retried run is harmless.
export const dailyProgressSnapshotsJob = defineJob({
  name: 'action-plans.daily-snapshots',
  payload: z.object({}),
  schedule: '55 23 * * *',
  handle: async (_payload, { deps }) => {
    await snapshotAllPlans(deps.db, deps.clock.now());
  },
});
