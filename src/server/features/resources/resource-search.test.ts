import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourcePage, ResourceSummary } from '#shared/resources/resources.schemas.ts';
import { resourceCategories, resources } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RESOURCE_COUNT_CAP } from './resource-search.service.ts';

// Issue 19: the library search reads the page through the sort indexes and counts with a cap. These
// tests hold the paging and the totals to what the single statement used to answer.

const GENERATED = RESOURCE_COUNT_CAP + 50;

let t: TestApp;
let a: TestUser;
let activeCount: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await createUser(t);
  const [category] = await t.db.db.select({ id: resourceCategories.id }).from(resourceCategories).limit(1);
  const base = new Date('2026-11-20T10:00:00Z').getTime();
  await t.db.db.insert(resources).values(
    Array.from({ length: GENERATED }, (_, i) => ({
      title: `Quokka field guide ${i}`,
      description: i % 2 === 0 ? 'Even numbered generated resource.' : 'Odd numbered generated resource.',
      url: `https://example.org/generated/${i}`,
      resourceType: 'guide' as const,
      categoryId: category?.id ?? null,
      phaseRelevance: ['research' as const],
      ideaTypes: ['software' as const],
      difficultyLevel: 'beginner' as const,
      estimatedTimeMinutes: 10,
      // Many ties on every sort key, so the id tie-break decides the order across pages.
      averageRating: (i % 5) / 2,
      ratingCount: i % 3,
      bookmarkCount: i % 4,
      isActive: i !== 7,
      createdAt: new Date(base + (i % 10) * 60_000),
    })),
  );
  const [row] = await t.db.db
    .select({ n: sql<number | string>`count(*)` })
    .from(resources)
    .where(eq(resources.isActive, true));
  activeCount = Number(row?.n);
});
afterAll(() => t.close());

const search = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/resources?${qs}`, headers: a.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ResourcePage }>().data;
};

async function allPages(qs: string, pageSize: number): Promise<ResourceSummary[]> {
  const items: ResourceSummary[] = [];
  for (let page = 1; ; page++) {
    const data = await search(`${qs}&page=${page}&pageSize=${pageSize}`);
    items.push(...data.items);
    if (!data.hasMore) return items;
  }
}

describe('resource search totals', () => {
  it('counts every match exactly when the search has words', async () => {
    const page = await search('q=quokka&pageSize=20');
    expect(page.items).toHaveLength(20);
    expect(page.hasMore).toBe(true);
    expect(page.total).toBe(GENERATED - 1);
    expect(page.totalCapped).toBe(false);
    const odd = await search('q=quokka%20odd&pageSize=20');
    expect(odd.total).toBe(GENERATED / 2 - 1);
  });

  it('stops counting a browse at the cap and says the figure is a floor', async () => {
    expect(activeCount).toBeGreaterThan(RESOURCE_COUNT_CAP);
    const page = await search('sort=rating&pageSize=20');
    expect(page.total).toBe(RESOURCE_COUNT_CAP);
    expect(page.totalCapped).toBe(true);
  });

  it('counts a browse exactly below the cap, and from the page itself when it is the last', async () => {
    const seeded = await search('type=tool&pageSize=100');
    const [tools] = await t.db.db
      .select({ n: sql<number | string>`count(*)` })
      .from(resources)
      .where(and(eq(resources.isActive, true), eq(resources.resourceType, 'tool')));
    expect(seeded.total).toBe(Number(tools?.n));
    expect(seeded.totalCapped).toBe(false);
    const lastPage = Math.ceil(activeCount / 100);
    const last = await search(`sort=newest&pageSize=100&page=${lastPage}`);
    expect(last.hasMore).toBe(false);
    expect(last.total).toBe(activeCount);
    const past = await search(`sort=newest&pageSize=100&page=${lastPage + 1}`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(activeCount);
  });
});

describe('resource search paging', () => {
  it.each(['rating', 'newest', 'bookmarks', 'relevance'] as const)(
    'walks every active resource once, in order, sorted by %s',
    async (sort) => {
      const items = await allPages(`sort=${sort}`, 100);
      expect(items).toHaveLength(activeCount);
      expect(new Set(items.map((i) => i.id)).size).toBe(activeCount);
      expect(items.some((i) => i.title === 'Quokka field guide 7')).toBe(false);
      // The keys the order must follow (relevance without words ends with the title, whose order is
      // the database's collation: only its numeric keys are checked).
      const key = (i: ResourceSummary): number[] => {
        switch (sort) {
          case 'rating':
            return [-i.averageRating, -i.ratingCount, i.id];
          case 'newest':
            return [-Date.parse(i.createdAt), i.id];
          case 'bookmarks':
            return [-i.bookmarkCount, i.id];
          case 'relevance':
            return [-i.averageRating, -i.bookmarkCount];
        }
      };
      const compare = (x: number[], y: number[]) => {
        const j = x.findIndex((v, k) => v !== y[k]);
        return j < 0 ? 0 : Math.sign((x[j] as number) - (y[j] as number));
      };
      const outOfOrder = items.findIndex(
        (item, k) => k > 0 && compare(key(items[k - 1] as ResourceSummary), key(item)) > 0,
      );
      expect(outOfOrder).toBe(-1);
    },
  );

  it('walks a word search by rank without gaps or repeats', async () => {
    const items = await allPages('q=quokka%20guide', 100);
    expect(items).toHaveLength(GENERATED - 1);
    expect(new Set(items.map((i) => i.id)).size).toBe(GENERATED - 1);
  });
});
