import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ResourceDetail, ResourceSummary } from '#shared/resources/resources.schemas.ts';
import { resources, userBookmarks } from '../../db/schema/index.ts';
import { a, addResource, b, get, t, useResourcesApp } from '../../test/resources-app.ts';

useResourcesApp();

describe('bookmarks', () => {
  it('saves notes and tags, keeps one row when saved twice, lists and removes them, and only for the owner', async () => {
    const id = await addResource({ title: 'Bookmark me please', description: 'A resource to bookmark twice over.' });
    const save = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/resources/${id}/bookmark`, headers: a.headers, payload });
    expect((await save({ notes: 'first', customTags: ['later'] })).statusCode).toBe(200);
    const second = await save({ notes: 'second note', customTags: ['later', 'later', 'pricing'] });
    expect(second.json()).toMatchObject({ data: { notes: 'second note', customTags: ['later', 'pricing'] } });
    const rows = await t.db.db.select().from(userBookmarks).where(eq(userBookmarks.resourceId, id));
    expect(rows).toHaveLength(1);
    const detail = (await get(a, `/api/resources/${id}`)).json<{ data: ResourceDetail }>().data;
    expect(detail).toMatchObject({ bookmarkCount: 1, isBookmarked: true, bookmark: { notes: 'second note' } });

    const tooLong = await save({ notes: 'n'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors).toEqual({ notes: 'Notes must be 1000 characters or less' });

    const list = (await get(a, '/api/bookmarks?tag=pricing')).json<{
      data: { items: { resourceId: number; notes: string; resource: ResourceSummary }[] };
    }>().data.items;
    expect(list.map((i) => i.resourceId)).toEqual([id]);
    // Another user sees neither the bookmark nor its note.
    const theirs = (await get(b, '/api/bookmarks')).json<{ data: { items: { resourceId: number }[] } }>().data.items;
    expect(theirs.map((i) => i.resourceId)).not.toContain(id);
    expect((await get(b, `/api/resources/${id}`)).json<{ data: ResourceDetail }>().data.bookmark).toBeNull();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/resources/${id}/bookmark`, headers: b.headers })).statusCode,
    ).toBe(404);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/resources/${id}/bookmark`, headers: a.headers })).statusCode,
    ).toBe(200);
    expect((await get(a, `/api/resources/${id}`)).json<{ data: ResourceDetail }>().data.bookmarkCount).toBe(0);
  });

  it('keeps one row and a count of one under concurrent saves', async () => {
    const id = await addResource({
      title: 'Concurrent bookmark',
      description: 'Saved many times at once by one user.',
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/resources/${id}/bookmark`,
          headers: b.headers,
          payload: { notes: `n${i}` },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const [row] = await t.db.db.select({ n: resources.bookmarkCount }).from(resources).where(eq(resources.id, id));
    expect(row?.n).toBe(1);
  });
});
