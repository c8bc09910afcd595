import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contributionInputSchema,
  resourceUrlSchema,
  slugSchema,
  type ContributionDto,
  type ResourceDetail,
  type ResourcePage,
  type ResourceSummary,
} from '#shared/resources/resources.schemas.ts';
import { resourceAnalytics, resourceCategories, resources, userBookmarks } from '../../db/schema/index.ts';
import { outboxText } from '../../test/auth-helpers.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SEED_CATEGORIES, SEED_RESOURCES } from './library.seed-data.ts';
import { aggregateResourceDay } from './resource-analytics.jobs.ts';
import { setResourceTags } from './resource-tags.service.ts';

let t: TestApp;
let a: TestUser;
let b: TestUser;
let pro: TestUser;
let admin: TestUser;
let guidesCategory: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ENABLE_TEST_HOOKS: 'true' } });
  t.clock.set(new Date('2026-11-20T10:00:00Z'));
  a = await createUser(t);
  b = await createUser(t);
  pro = await createUser(t, { subscriptionTier: 'pro', subscriptionStatus: 'active' });
  admin = await createUser(t, { role: 'admin' });
  const [category] = await t.db.db
    .select({ id: resourceCategories.id })
    .from(resourceCategories)
    .where(eq(resourceCategories.slug, 'customer-discovery'));
  guidesCategory = category?.id ?? 0;
});
afterAll(() => t.close());

async function addResource(values: {
  title: string;
  description: string;
  tags?: string[];
  isPremium?: boolean;
  type?: 'tool' | 'guide' | 'article';
  minutes?: number;
  phases?: ('research' | 'validation' | 'development' | 'launch')[];
}): Promise<number> {
  const [row] = await t.db.db
    .insert(resources)
    .values({
      title: values.title,
      description: values.description,
      url: `https://example.org/${Math.random().toString(36).slice(2)}`,
      resourceType: values.type ?? 'guide',
      categoryId: guidesCategory,
      phaseRelevance: values.phases ?? ['validation'],
      ideaTypes: ['software'],
      difficultyLevel: 'beginner',
      estimatedTimeMinutes: values.minutes ?? 10,
      isPremium: values.isPremium ?? false,
    })
    .returning({ id: resources.id });
  if (!row) throw new Error('insert failed');
  if (values.tags) await setResourceTags(t.db.db, row.id, values.tags);
  return row.id;
}

const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.headers });
const search = async (u: TestUser, qs: string) => {
  const res = await get(u, `/api/resources?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ResourcePage }>().data;
};

describe('the seeded library', () => {
  it('holds at least 60 real resources, each with a valid unique URL, an attribution and a check date', async () => {
    expect(SEED_RESOURCES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(SEED_RESOURCES.map((r) => r.url)).size).toBe(SEED_RESOURCES.length);
    for (const r of SEED_RESOURCES) {
      expect(resourceUrlSchema.safeParse(r.url).success, r.url).toBe(true);
      expect(new URL(r.url).protocol).toBe('https:');
      expect(r.attribution.length).toBeGreaterThan(1);
    }
    const page = await search(a, 'pageSize=100');
    expect(page.total).toBeGreaterThanOrEqual(60);
    expect(page.items.every((i) => i.attribution && i.lastCheckedAt)).toBe(true);
    // Every category is in place, nested under its parent.
    const cats = (await get(a, '/api/resources/categories')).json<{
      data: { categories: { slug: string; parentId: number | null; id: number; resourceCount: number }[] };
    }>().data.categories;
    for (const c of SEED_CATEGORIES) {
      const row = cats.find((x) => x.slug === c.slug);
      expect(row, c.slug).toBeDefined();
      expect(row?.parentId ?? null).toBe(c.parent ? cats.find((x) => x.slug === c.parent)?.id : null);
    }
  });

  it('seeds idempotently: starting again adds nothing', async () => {
    const before = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(resources);
    const again = await createTestApp({ database: t.db });
    await again.close();
    const after = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(resources);
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
  });
});

describe('validation messages (docs/product/validation.md)', () => {
  it.each([
    ['Bad Slug', 'Slug must be lowercase alphanumeric with hyphens'],
    ['trailing-', 'Slug must be lowercase alphanumeric with hyphens'],
    ['under_score', 'Slug must be lowercase alphanumeric with hyphens'],
  ])('refuses the slug %j', (slug, message) => {
    const result = slugSchema.safeParse(slug);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each(['not a url', 'javascript:alert(1)', 'ftp://example.org/file', 'http://localhost'])(
    'refuses the URL %j with "Must be a valid URL"',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contributions',
        headers: a.headers,
        payload: { title: 'A good guide', description: 'A description that is long enough.', url },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toMatchObject({ url: 'Must be a valid URL' });
    },
  );

  it('keeps contribution title and description limits', () => {
    const r = contributionInputSchema.safeParse({ title: 'abc', description: 'short', url: 'https://example.org' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Title must be at least 5 characters',
      'Description must be at least 20 characters',
    ]);
  });
});

describe('search', () => {
  let inTitle: number;
  let inDescription: number;
  let inTags: number;
  beforeAll(async () => {
    inDescription = await addResource({
      title: 'Plain notes on selling',
      description: 'Covers the zephyrine method of customer calls in depth, with examples.',
    });
    inTitle = await addResource({
      title: 'The zephyrine handbook',
      description: 'A general handbook for founders and teams.',
    });
    inTags = await addResource({
      title: 'Another founders guide',
      description: 'A general guide for founders about many things.',
      tags: ['zephyrine'],
    });
  });

  it('ranks a title match above a description match above a tag match', async () => {
    const page = await search(a, 'q=zephyrine');
    expect(page.items.map((i) => i.id)).toEqual([inTitle, inDescription, inTags]);
    expect(page.total).toBe(3);
  });

  it('matches word prefixes and stems', async () => {
    expect((await search(a, 'q=zephyr')).items.map((i) => i.id)).toContain(inTitle);
    const interviews = await search(a, 'q=customer%20interv');
    expect(interviews.items.some((i) => i.title === 'User Interviews 101')).toBe(true);
  });

  it('finds seeded public data sources by name', async () => {
    const page = await search(a, 'q=county%20business%20patterns');
    expect(page.items[0]?.title).toBe('County Business Patterns (CBP)');
  });

  it.each([
    ["'", 200],
    ['"unterminated', 200],
    ['a & | ! <-> (b', 200],
    ['!!!', 200],
    ["zephyrine:* & !'x'", 200],
    ['x'.repeat(10_000), 200],
    ['word '.repeat(2_000), 200],
  ])('never fails on text-search syntax or long input (%#)', async (q, status) => {
    const res = await get(a, `/api/resources?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(status);
  });

  it('refuses a query over 10,000 characters with a field error, not a 500', async () => {
    const res = await get(a, `/api/resources?q=${'y'.repeat(10_001)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('q');
  });

  it('filters by category (with its children), type, phase, idea type, difficulty and time', async () => {
    const publicData = await search(a, 'category=public-data&pageSize=100');
    expect(publicData.items.length).toBeGreaterThan(5);
    expect(publicData.items.every((i) => i.category?.slug === 'public-data')).toBe(true);
    const research = await search(a, 'category=market-research&pageSize=100');
    expect(research.total).toBeGreaterThan(publicData.total);

    const templates = await search(a, 'type=template&pageSize=100');
    expect(templates.items.length).toBeGreaterThan(0);
    expect(templates.items.every((i) => i.resourceType === 'template')).toBe(true);

    const launch = await search(a, 'phase=launch&difficulty=beginner&maxMinutes=20&pageSize=100');
    expect(launch.items.length).toBeGreaterThan(0);
    for (const i of launch.items) {
      expect(i.phaseRelevance).toContain('launch');
      expect(i.difficultyLevel).toBe('beginner');
      expect(i.estimatedTimeMinutes).toBeLessThanOrEqual(20);
    }
    const physical = await search(a, 'ideaType=physical_product&type=tool,guide&pageSize=100');
    for (const i of physical.items) {
      expect(i.ideaTypes).toContain('physical_product');
      expect(['tool', 'guide']).toContain(i.resourceType);
    }
    expect((await get(a, '/api/resources?type=podcast')).statusCode).toBe(400);
  });

  it('sorts by rating, newest and most bookmarked', async () => {
    const rated = await addResource({
      title: 'Rated highly resource',
      description: 'A resource that will be rated five.',
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${rated}/rating`,
      headers: b.headers,
      payload: { rating: 5 },
    });
    expect((await search(a, 'sort=rating')).items[0]?.id).toBe(rated);
    const newest = await search(a, 'sort=newest');
    expect((newest.items[0]?.createdAt ?? '') >= (newest.items[1]?.createdAt ?? '')).toBe(true);
    await t.app.inject({ method: 'PUT', url: `/api/resources/${inTags}/bookmark`, headers: b.headers, payload: {} });
    await t.app.inject({ method: 'PUT', url: `/api/resources/${inTags}/bookmark`, headers: pro.headers, payload: {} });
    expect((await search(a, 'sort=bookmarks')).items[0]?.id).toBe(inTags);
  });

  it('answers the signed-out caller with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/resources' })).statusCode).toBe(401);
  });
});

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

describe('premium resources', () => {
  it('show free users the title and an upgrade answer, and paid users everything', async () => {
    const id = await addResource({
      title: 'Premium pricing teardown',
      description: 'A premium resource about pricing teardowns.',
      isPremium: true,
    });
    const free = (await get(a, `/api/resources/${id}`)).json<{ data: ResourceDetail }>().data;
    expect(free).toMatchObject({ title: 'Premium pricing teardown', isLocked: true, description: null, url: null });
    const listed = (await search(a, 'q=teardown')).items[0];
    expect(listed).toMatchObject({ id, isLocked: true, url: null });
    for (const [method, url, payload] of [
      ['PUT', `/api/resources/${id}/bookmark`, {}],
      ['PUT', `/api/resources/${id}/rating`, { rating: 5 }],
      ['POST', `/api/resources/${id}/access`, { accessType: 'external_link' }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: a.headers, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('PLAN_REQUIRED');
    }
    const paid = (await get(pro, `/api/resources/${id}`)).json<{ data: ResourceDetail }>().data;
    expect(paid).toMatchObject({ isLocked: false, description: 'A premium resource about pricing teardowns.' });
    expect(paid.url).toMatch(/^https:\/\/example\.org\//);
  });
});

describe('contributions', () => {
  it('goes pending → approved (creating the resource, notifying the contributor) and refuses a second review', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/contributions',
      headers: a.headers,
      payload: {
        title: 'Quokka pricing calculator',
        description: 'A calculator for quokka-style pricing experiments.',
        url: 'https://example.com/quokka',
        suggestedCategoryId: guidesCategory,
        suggestedTags: ['pricing', 'calculator'],
      },
    });
    expect(created.statusCode).toBe(201);
    const contribution = created.json<{ data: ContributionDto }>().data;
    expect(contribution.status).toBe('pending');

    // Not an admin: the route does not exist for them (404, not 403), before anything else.
    const review = {
      decision: 'approve',
      categoryId: guidesCategory,
      resourceType: 'tool',
      phaseRelevance: ['validation'],
      difficultyLevel: 'beginner',
      estimatedTimeMinutes: 15,
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${contribution.id}/review`,
      headers: a.headers,
      payload: review,
    });
    expect(refused.statusCode).toBe(404);
    const queue = (await get(admin, '/api/admin/contributions?status=pending')).json<{
      data: { items: ContributionDto[] };
    }>().data.items;
    expect(queue.map((c) => c.id)).toContain(contribution.id);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${contribution.id}/review`,
      headers: admin.headers,
      payload: { ...review, adminNotes: 'Useful, thanks!' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const done = approved.json<{ data: ContributionDto }>().data;
    expect(done).toMatchObject({ status: 'approved', adminNotes: 'Useful, thanks!' });
    expect(done.resourceId).not.toBeNull();
    const found = await search(b, 'q=quokka');
    expect(found.items.map((i) => i.id)).toEqual([done.resourceId]);
    expect(found.items[0]?.tags).toEqual(['calculator', 'pricing']);

    const mine = (await get(a, '/api/contributions')).json<{ data: { items: ContributionDto[] } }>().data.items;
    expect(mine[0]).toMatchObject({ id: contribution.id, status: 'approved', adminNotes: 'Useful, thanks!' });
    expect((await get(b, '/api/contributions')).json<{ data: { items: ContributionDto[] } }>().data.items).toEqual([]);

    expect(await outboxText(t, a.user.email)).toContain('Quokka pricing calculator');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${contribution.id}/review`,
      headers: admin.headers,
      payload: { decision: 'reject', adminNotes: 'no' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('rejects with a required note', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/contributions',
        headers: b.headers,
        payload: {
          title: 'Something off topic',
          description: 'Not really a founder resource at all.',
          url: 'https://example.com/off',
        },
      })
    ).json<{ data: ContributionDto }>().data;
    const noNote = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${created.id}/review`,
      headers: admin.headers,
      payload: { decision: 'reject' },
    });
    expect(noNote.statusCode).toBe(400);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${created.id}/review`,
      headers: admin.headers,
      payload: { decision: 'reject', adminNotes: 'Off topic for founders.' },
    });
    expect(rejected.json()).toMatchObject({
      data: { status: 'rejected', adminNotes: 'Off topic for founders.', resourceId: null },
    });
  });
});

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
