import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resourceAnalytics, resources } from '../../db/schema/index.ts';
import type { TestUser } from '../../test/factories.ts';
import { a, addResource, b, t, useResourcesApp } from '../../test/resources-app.ts';
import { aggregateResourceDay } from './resource-analytics.jobs.ts';

useResourcesApp();

describe('access history and daily analytics', () => {
  it('records views and clicks and aggregates them per day', async () => {
    const id = await addResource({ title: 'Analytics subject', description: 'A resource whose accesses are counted.' });
    const access = (u: TestUser, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/resources/${id}/access`, headers: u.headers, payload });
    await access(a, { accessType: 'view', durationSeconds: 30 });
    await access(a, { accessType: 'view', durationSeconds: 90 });
    await access(b, { accessType: 'view' });
    await access(b, { accessType: 'external_link' });
    await t.app.inject({ method: 'PUT', url: `/api/resources/${id}/bookmark`, headers: b.headers, payload: {} });
    expect((await access(a, { accessType: 'print' })).statusCode).toBe(400);

    await aggregateResourceDay(t.db.db, '2026-11-20');
    await aggregateResourceDay(t.db.db, '2026-11-20');
    const rows = await t.db.db.select().from(resourceAnalytics).where(eq(resourceAnalytics.resourceId, id));
    expect(rows).toEqual([
      {
        resourceId: id,
        day: '2026-11-20',
        views: 3,
        uniqueUsers: 2,
        bookmarks: 1,
        downloads: 0,
        externalClicks: 1,
        avgTimeSpentSeconds: 60,
      },
    ]);
    const [row] = await t.db.db.select({ v: resources.viewCount }).from(resources).where(eq(resources.id, id));
    expect(row?.v).toBe(3);
  });

  it('refuses an access record naming another user’s analysis', async () => {
    const id = await addResource({ title: 'Analysis link target', description: 'Linked from an analysis of someone.' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${id}/access`,
      headers: b.headers,
      payload: { accessType: 'view', analysisId: 2_000_000 },
    });
    expect(res.statusCode).toBe(404);
  });
});
