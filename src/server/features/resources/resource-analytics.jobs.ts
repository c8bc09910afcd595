import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DAY_MS } from '#shared/app/time.constants.ts';
import type { Database } from '../../db/client.ts';
import { resourceAccessHistory, resourceAnalytics, userBookmarks } from '../../db/schema/index.ts';
import { defineJob } from '../../lib/jobs/job.ts';

// Per resource per UTC day: views, unique users, bookmarks, downloads, external clicks and the
// average time spent (from accesses that reported one). Recomputed from the access history and the
// bookmarks each time (an upsert of the whole day), so a retry or a second instance gives the same rows.

/** 'YYYY-MM-DD' of a moment, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export async function aggregateResourceDay(db: Database, day: string): Promise<number> {
  const start = new Date(`${day}T00:00:00.000Z`);
  const end = new Date(start.getTime() + DAY_MS);
  const result = await db.execute(sql`
    insert into ${resourceAnalytics} (resource_id, day, views, unique_users, bookmarks, downloads, external_clicks, avg_time_spent_seconds)
    select r.resource_id, ${day}::date,
      coalesce(a.views, 0), coalesce(a.unique_users, 0), coalesce(b.bookmarks, 0),
      coalesce(a.downloads, 0), coalesce(a.external_clicks, 0), a.avg_time
    from (
      select ${resourceAccessHistory.resourceId} as resource_id from ${resourceAccessHistory}
        where ${resourceAccessHistory.accessedAt} >= ${start.toISOString()}::timestamptz and ${resourceAccessHistory.accessedAt} < ${end.toISOString()}::timestamptz
      union
      select ${userBookmarks.resourceId} from ${userBookmarks}
        where ${userBookmarks.createdAt} >= ${start.toISOString()}::timestamptz and ${userBookmarks.createdAt} < ${end.toISOString()}::timestamptz
    ) r
    left join (
      select resource_id,
        count(*) filter (where access_type = 'view')::int as views,
        count(distinct user_id)::int as unique_users,
        count(*) filter (where access_type = 'download')::int as downloads,
        count(*) filter (where access_type = 'external_link')::int as external_clicks,
        avg(duration_seconds)::float8 as avg_time
      from ${resourceAccessHistory}
      where accessed_at >= ${start.toISOString()}::timestamptz and accessed_at < ${end.toISOString()}::timestamptz
      group by resource_id
    ) a on a.resource_id = r.resource_id
    left join (
      select resource_id, count(*)::int as bookmarks from ${userBookmarks}
      where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
      group by resource_id
    ) b on b.resource_id = r.resource_id
    on conflict (resource_id, day) do update set
      views = excluded.views, unique_users = excluded.unique_users, bookmarks = excluded.bookmarks,
      downloads = excluded.downloads, external_clicks = excluded.external_clicks,
      avg_time_spent_seconds = excluded.avg_time_spent_seconds
    returning resource_id`);
  return Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);
}

/** Hourly: today so far and yesterday (which closes at midnight UTC, so its last hour is counted too). */
export const resourceAnalyticsJob = defineJob({
  name: 'resources.aggregate-analytics',
  payload: z.object({}),
  schedule: '23 * * * *',
  handle: async (_payload, { deps }) => {
    const now = deps.clock.now();
    await aggregateResourceDay(deps.db, utcDay(new Date(now.getTime() - DAY_MS)));
    await aggregateResourceDay(deps.db, utcDay(now));
  },
});
