import { and, asc, desc, eq, getTableColumns, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ResourcePhase, ResourceSearch } from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { resourceCategories, resources, userBookmarks, type ResourceRow } from '../../db/schema/index.ts';
import { prefixQuery, queryWords } from '../../lib/platform/text-search.ts';

// Full-text search over the library with PostgreSQL's own text search, the same SQL on PGlite and
// PostgreSQL (ADR 018); the user's words become a safe prefix query in lib/platform/text-search.ts.
// Issue 19: the page is chosen in a subquery that reads only the sort keys and the rank of each match
// (the sorts without words walk a partial index and stop after the page); only the page's rows are
// then joined to their full columns, category and the viewer's bookmark. The old statement took
// `count(*) over ()` over every column of every match, materialising the whole match set.

/** A resource row without its tsvector (never sent anywhere, and the widest column). */
export type ResourceListRow = Omit<ResourceRow, 'searchVector'>;

export type ResourceHit = {
  row: ResourceListRow;
  category: { id: number; name: string; slug: string } | null;
  isBookmarked: boolean;
};

/** The count of matches stops here (plus the rows already paged past): see ADR 018. */
export const RESOURCE_COUNT_CAP = 1000;

export type SearchOptions = {
  db: Database;
  query: ResourceSearch;
  /** Restrict to these phases (recommendations). */
  phases?: ResourcePhase[];
  /** Text matching mode: all words (the search box) or any word (recommendations). */
  mode?: 'all' | 'any';
};

const { searchVector: _vector, ...listColumns } = getTableColumns(resources);

/** The resources table again, for the subquery that picks the page. */
const matches = alias(resources, 'm');
type ResourceTable = typeof resources | typeof matches;

/** The WHERE of a search (filters and words) over `t`, and the text query if there are words. */
export function matchConditions(
  options: SearchOptions,
  t: ResourceTable,
): { where: SQL | undefined; tsQuery: SQL | null } {
  const { db, query } = options;
  const words = queryWords(query.q);
  const tsQuery = words.length > 0 ? sql`to_tsquery('english', ${prefixQuery(words, options.mode)})` : null;
  const conditions: (SQL | undefined)[] = [eq(t.isActive, true)];
  if (tsQuery) conditions.push(sql`${t.searchVector} @@ ${tsQuery}`);
  if (query.category) {
    const parent = db
      .select({ id: resourceCategories.id })
      .from(resourceCategories)
      .where(eq(resourceCategories.slug, query.category));
    conditions.push(
      inArray(
        t.categoryId,
        db
          .select({ id: resourceCategories.id })
          .from(resourceCategories)
          .where(or(eq(resourceCategories.slug, query.category), inArray(resourceCategories.parentId, parent))),
      ),
    );
  }
  if (query.type?.length) conditions.push(inArray(t.resourceType, query.type));
  if (query.difficulty?.length) conditions.push(inArray(t.difficultyLevel, query.difficulty));
  const phases = options.phases ?? query.phase;
  if (phases?.length) conditions.push(sql`${t.phaseRelevance} && ${toTextArray(phases)}`);
  if (query.ideaType?.length) conditions.push(sql`${t.ideaTypes} && ${toTextArray(query.ideaType)}`);
  if (query.maxMinutes) conditions.push(lte(t.estimatedTimeMinutes, query.maxMinutes));
  return { where: and(...conditions), tsQuery };
}

/** The sort keys; each sort without words matches a partial index on active resources (schema). */
export function ordering(t: ResourceTable, sort: ResourceSearch['sort'], tsQuery: SQL | null): SQL[] {
  const rank = tsQuery ? sql`ts_rank(${t.searchVector}, ${tsQuery})` : null;
  const order: SQL[] = [];
  switch (sort) {
    case 'rating':
      order.push(desc(t.averageRating), desc(t.ratingCount));
      break;
    case 'newest':
      order.push(desc(t.createdAt));
      break;
    case 'bookmarks':
      order.push(desc(t.bookmarkCount));
      break;
    case 'relevance':
      if (!rank) order.push(desc(t.averageRating), desc(t.bookmarkCount), asc(t.title));
      break;
  }
  if (rank) order.push(desc(rank));
  order.push(asc(t.id));
  return order;
}

/**
 * One page of matches in order. With `countMatches`, a search with words also returns how many
 * resources match: every match is read and ranked for the order anyway, so a count over the narrow
 * rows costs little there (a browse without words walks an index and is counted separately).
 */
export async function searchResourceRows(
  options: SearchOptions & { userId: number; limit: number; offset: number; countMatches?: boolean },
): Promise<{ hits: ResourceHit[]; total: number | null }> {
  const { db, userId, query, limit, offset } = options;
  const { where, tsQuery } = matchConditions(options, matches);
  const withTotal = Boolean(options.countMatches && tsQuery);
  const page = db
    .select({
      id: matches.id,
      total: (withTotal ? sql<number | string>`count(*) over ()` : sql<null>`null::bigint`).as('total'),
    })
    .from(matches)
    .where(where)
    .orderBy(...ordering(matches, query.sort, tsQuery))
    .limit(limit)
    .offset(offset)
    .as('page');
  // The outer order repeats the page's (same rows, same keys): the rank is recomputed for its rows only.
  const rows = await db
    .select({
      row: listColumns,
      categoryId: resourceCategories.id,
      categoryName: resourceCategories.name,
      categorySlug: resourceCategories.slug,
      bookmarkId: userBookmarks.id,
      total: page.total,
    })
    .from(page)
    .innerJoin(resources, eq(resources.id, page.id))
    .leftJoin(resourceCategories, eq(resourceCategories.id, resources.categoryId))
    .leftJoin(userBookmarks, and(eq(userBookmarks.resourceId, resources.id), eq(userBookmarks.userId, userId)))
    .orderBy(...ordering(resources, query.sort, tsQuery));
  const total = withTotal && rows[0] ? Number(rows[0].total) : null;
  const hits = rows.map((r) => ({
    row: r.row,
    category:
      r.categoryId !== null && r.categoryName !== null && r.categorySlug !== null
        ? { id: r.categoryId, name: r.categoryName, slug: r.categorySlug }
        : null,
    isBookmarked: r.bookmarkId !== null,
  }));
  return { hits, total };
}

/**
 * How many resources match, counting at most `cap` (the caller says when the figure is a floor).
 * Reads no column but the filters, so it stops after `cap` matching rows.
 */
export async function countResourceMatches(options: SearchOptions & { cap: number }): Promise<number> {
  const { db, cap } = options;
  const { where } = matchConditions(options, resources);
  const limited = db
    .select({ one: sql`1` })
    .from(resources)
    .where(where)
    .limit(cap)
    .as('limited');
  const [row] = await db.select({ n: sql<number | string>`count(*)` }).from(limited);
  return Number(row?.n ?? 0);
}

function toTextArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}
