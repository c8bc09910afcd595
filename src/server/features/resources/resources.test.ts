import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contributionInputSchema,
  resourceUrlSchema,
  slugSchema,
  type ResourceDetail,
} from '#shared/resources/resources.schemas.ts';
import { resources } from '../../db/schema/index.ts';
import { a, addResource, b, get, pro, search, t, useResourcesApp } from '../../test/resources-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { SEED_CATEGORIES, SEED_RESOURCES } from './library.seed-data.ts';

useResourcesApp();

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
