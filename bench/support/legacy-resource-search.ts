import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { resourceCategories, resources, userBookmarks } from '../../src/server/db/schema/index.ts';
import { matchConditions, ordering } from '../../src/server/features/resources/resource-search.service.ts';
import { tagsOf } from '../../src/server/features/resources/resource-tags.service.ts';
import type { ResourceSearch } from '../../src/shared/resources/resources.schemas.ts';

// The library search as one statement, as it was before issue 19's fix (kept only as the bench's
// same-run reference): every column of every match, the total from `count(*) over ()` — which keeps
// even the sorts with an index from stopping after the page — then the page's tags, as the service
// read them. The WHERE and ORDER BY are today's (unchanged by the fix). The bench compares the
// current search with it run for run.

export async function legacyResourceSearch(options: {
  db: Database;
  userId: number;
  query: ResourceSearch;
}): Promise<number> {
  const { db, userId, query } = options;
  const { where, tsQuery } = matchConditions({ db, query }, resources);
  const rows = await db
    .select({
      row: resources,
      categoryId: resourceCategories.id,
      bookmarkId: userBookmarks.id,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(resources)
    .leftJoin(resourceCategories, eq(resourceCategories.id, resources.categoryId))
    .leftJoin(userBookmarks, and(eq(userBookmarks.resourceId, resources.id), eq(userBookmarks.userId, userId)))
    .where(where)
    .orderBy(...ordering(resources, query.sort, tsQuery))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  await tagsOf(
    db,
    rows.slice(0, query.pageSize).map((r) => r.row.id),
  );
  return Number(rows[0]?.total ?? 0);
}
