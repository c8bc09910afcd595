import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ResourcePhase, ResourceSearch } from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import { resourceCategories, resources, userBookmarks, type ResourceRow } from '../../db/schema/index.ts';
import { prefixQuery, queryWords } from '../../lib/text-search.ts';

// Full-text search over the library with PostgreSQL's own text search, the same SQL on PGlite and
// PostgreSQL (ADR 018); the user's words become a safe prefix query in lib/text-search.ts.

export type ResourceHit = {
  row: ResourceRow;
  category: { id: number; name: string; slug: string } | null;
  isBookmarked: boolean;
  total: number;
};

export async function searchResourceRows(options: {
  db: Database;
  userId: number;
  query: ResourceSearch;
  /** Restrict to these phases (recommendations). */
  phases?: ResourcePhase[];
  /** Text matching mode: all words (the search box) or any word (recommendations). */
  mode?: 'all' | 'any';
  limit: number;
  offset: number;
}): Promise<ResourceHit[]> {
  const { db, userId, query, limit, offset } = options;
  const words = queryWords(query.q);
  const tsQuery = words.length > 0 ? sql`to_tsquery('english', ${prefixQuery(words, options.mode)})` : null;
  const conditions: (SQL | undefined)[] = [eq(resources.isActive, true)];
  if (tsQuery) conditions.push(sql`${resources.searchVector} @@ ${tsQuery}`);
  if (query.category) {
    const parent = db
      .select({ id: resourceCategories.id })
      .from(resourceCategories)
      .where(eq(resourceCategories.slug, query.category));
    conditions.push(
      inArray(
        resources.categoryId,
        db
          .select({ id: resourceCategories.id })
          .from(resourceCategories)
          .where(or(eq(resourceCategories.slug, query.category), inArray(resourceCategories.parentId, parent))),
      ),
    );
  }
  if (query.type?.length) conditions.push(inArray(resources.resourceType, query.type));
  if (query.difficulty?.length) conditions.push(inArray(resources.difficultyLevel, query.difficulty));
  const phases = options.phases ?? query.phase;
  if (phases?.length) conditions.push(sql`${resources.phaseRelevance} && ${toTextArray(phases)}`);
  if (query.ideaType?.length) conditions.push(sql`${resources.ideaTypes} && ${toTextArray(query.ideaType)}`);
  if (query.maxMinutes) conditions.push(lte(resources.estimatedTimeMinutes, query.maxMinutes));

  const rank = tsQuery ? sql<number>`ts_rank(${resources.searchVector}, ${tsQuery})` : sql<number>`0`;
  const order: SQL[] = [];
  switch (query.sort) {
    case 'rating':
      order.push(desc(resources.averageRating), desc(resources.ratingCount));
      break;
    case 'newest':
      order.push(desc(resources.createdAt));
      break;
    case 'bookmarks':
      order.push(desc(resources.bookmarkCount));
      break;
    case 'relevance':
      if (tsQuery) order.push(desc(rank));
      else order.push(desc(resources.averageRating), desc(resources.bookmarkCount), asc(resources.title));
      break;
  }
  if (tsQuery && query.sort !== 'relevance') order.push(desc(rank));
  order.push(asc(resources.id));

  const rows = await db
    .select({
      row: resources,
      categoryId: resourceCategories.id,
      categoryName: resourceCategories.name,
      categorySlug: resourceCategories.slug,
      bookmarkId: userBookmarks.id,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(resources)
    .leftJoin(resourceCategories, eq(resourceCategories.id, resources.categoryId))
    .leftJoin(userBookmarks, and(eq(userBookmarks.resourceId, resources.id), eq(userBookmarks.userId, userId)))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    row: r.row,
    category:
      r.categoryId !== null && r.categoryName !== null && r.categorySlug !== null
        ? { id: r.categoryId, name: r.categoryName, slug: r.categorySlug }
        : null,
    isBookmarked: r.bookmarkId !== null,
    total: Number(r.total),
  }));
}

function toTextArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}
