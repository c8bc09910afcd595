import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ResourceDetail } from '#shared/resources/resources.schemas.ts';
import { resources } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { a, addResource, b, get, pro, t, useResourcesApp } from '../../test/resources-app.ts';

useResourcesApp();

describe('ratings and reviews', () => {
  it.each([0, 6, 2.5, '5'])('refuses the rating %j', async (rating) => {
    const id = await addResource({ title: 'Rate me badly', description: 'A resource for bad rating input.' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${id}/rating`,
      headers: a.headers,
      payload: { rating },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ rating: 'Rating must be between 1 and 5' });
  });

  it('refuses a review over 2000 characters', async () => {
    const id = await addResource({ title: 'Review length', description: 'A resource for the review limit.' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${id}/rating`,
      headers: a.headers,
      payload: { rating: 4, review: 'r'.repeat(2001) },
    });
    expect(res.json().fieldErrors).toEqual({ review: 'Review must be 2000 characters or less' });
  });

  it('keeps one rating per user (re-rating replaces it) and an exact average under concurrent ratings', async () => {
    const id = await addResource({ title: 'Popular resource', description: 'Rated by many users at the same time.' });
    const raters = await Promise.all(Array.from({ length: 24 }, () => createUser(t)));
    const ratings = raters.map((_, i) => (i % 5) + 1);
    const results = await Promise.all(
      raters.map((u, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/resources/${id}/rating`,
          headers: u.headers,
          payload: { rating: ratings[i] },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    // The same users change their minds, concurrently again.
    const changed = ratings.map((r) => (r === 1 ? 5 : r));
    await Promise.all(
      raters.map((u, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/resources/${id}/rating`,
          headers: u.headers,
          payload: { rating: changed[i] },
        }),
      ),
    );
    const [row] = await t.db.db.select().from(resources).where(eq(resources.id, id));
    const mean = changed.reduce((s, r) => s + r, 0) / changed.length;
    expect(row?.ratingCount).toBe(24);
    expect(row?.averageRating).toBeCloseTo(mean, 10);
  });

  it('counts helpful votes once per user and never on your own review', async () => {
    const id = await addResource({ title: 'Reviewed resource', description: 'A resource with a written review.' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${id}/rating`,
      headers: a.headers,
      payload: { rating: 4, review: 'Clear and short.' },
    });
    const detail = (await get(b, `/api/resources/${id}`)).json<{ data: ResourceDetail }>().data;
    const review = detail.reviews[0];
    expect(review).toMatchObject({ rating: 4, review: 'Clear and short.', isMine: false, helpfulCount: 0 });
    const vote = (u: TestUser) =>
      t.app.inject({ method: 'POST', url: `/api/resources/reviews/${review?.id}/helpful`, headers: u.headers });
    expect((await vote(b)).json().data.helpfulCount).toBe(1);
    expect((await vote(b)).json().data.helpfulCount).toBe(1);
    expect((await vote(pro)).json().data.helpfulCount).toBe(2);
    expect((await vote(a)).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/resources/reviews/999999/helpful', headers: b.headers }))
        .statusCode,
    ).toBe(404);
  });
});
