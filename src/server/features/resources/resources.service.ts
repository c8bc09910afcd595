import { and, desc, eq, sql } from 'drizzle-orm';
import type { Page } from '#shared/api/list.schemas.ts';
import type {
  CategoryNode,
  ResourceDetail,
  ResourceSearch,
  ResourceSummary,
} from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import {
  resourceAccessHistory,
  resourceCategories,
  resourceRatings,
  resources,
  resourceTags,
  userBookmarks,
  type ResourceRow,
} from '../../db/schema/index.ts';
import { assertCanAccess } from '../../lib/access/policy.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { searchResource } from '../../lib/access/resources.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import { bookmarkDto } from './resource-bookmarks.service.ts';
import { reviewsOf } from './resource-ratings.service.ts';
import { countResourceMatches, RESOURCE_COUNT_CAP, searchResourceRows } from './resource-search.service.ts';
import { assertUsable, loadHit, RESOURCE_LABEL, summaries, type Viewer } from './resource-summary.service.ts';

// The library: search, one resource, access history, categories and tags. Bookmarks and ratings
// live in resource-bookmarks.service.ts and resource-ratings.service.ts.

export type { Viewer } from './resource-summary.service.ts';

/**
 * One page of the library. `total` is exact for a search with words; for a browse without words it
 * is exact up to RESOURCE_COUNT_CAP matches past the page's start, beyond that a floor, and
 * `totalCapped` says so (ADR 018): counting every resource cost more than the page itself.
 */
export async function searchResources(options: {
  db: Database;
  viewer: Viewer;
  query: ResourceSearch;
}): Promise<Page<ResourceSummary> & { total: number; totalCapped: boolean }> {
  const { db, viewer, query } = options;
  const { page, pageSize } = query;
  const offset = (page - 1) * pageSize;
  const { hits, total: counted } = await searchResourceRows({
    db,
    userId: viewer.user.id,
    query,
    limit: pageSize + 1,
    offset,
    countMatches: true,
  });
  const hasMore = hits.length > pageSize;
  let total = counted ?? offset + hits.length;
  let totalCapped = false;
  // Without words, a page that is not full tells the exact total by itself (unless it is past the
  // end); otherwise a count that stops at the cap.
  if (counted === null && (hasMore || (hits.length === 0 && offset > 0))) {
    const cap = offset + RESOURCE_COUNT_CAP;
    total = await countResourceMatches({ db, query, cap: cap + 1 });
    totalCapped = total > cap;
    if (totalCapped) total = cap;
  }
  const shown = hits.slice(0, pageSize);
  return {
    items: await summaries(db, viewer, shown),
    page,
    pageSize,
    hasMore,
    nextCursor: null,
    total,
    totalCapped,
  };
}

export async function getResource(options: { db: Database; viewer: Viewer; id: number }): Promise<ResourceDetail> {
  const { db, viewer, id } = options;
  const hit = await loadHit(db, viewer.user.id, id);
  const [summary] = await summaries(db, viewer, [hit]);
  if (!summary) throw notFound(RESOURCE_LABEL);
  const [bookmark] = await db
    .select()
    .from(userBookmarks)
    .where(and(eq(userBookmarks.userId, viewer.user.id), eq(userBookmarks.resourceId, id)));
  const [mine] = await db
    .select({ rating: resourceRatings.rating, review: resourceRatings.review })
    .from(resourceRatings)
    .where(and(eq(resourceRatings.userId, viewer.user.id), eq(resourceRatings.resourceId, id)));
  const reviews = summary.isLocked ? [] : await reviewsOf(db, viewer.user.id, id);
  return {
    ...summary,
    bookmark: bookmark ? bookmarkDto(bookmark) : null,
    myRating: mine ?? null,
    reviews,
  };
}

/** Records a view, download or external click (the analysis it came from must be the user's). */
export async function recordAccess(options: {
  db: Database;
  viewer: Viewer;
  resourceId: number;
  input: {
    accessType: 'view' | 'download' | 'external_link';
    analysisId?: number | undefined;
    actionPlanStepId?: string | undefined;
    durationSeconds?: number | undefined;
  };
}): Promise<void> {
  const { db, viewer, resourceId, input } = options;
  if (input.analysisId !== undefined)
    await assertCanAccess({
      db,
      resource: searchResource,
      id: input.analysisId,
      principal: userPrincipal(viewer.user.id),
      permission: 'read',
    });
  const row = await assertUsableOrLockedView(db, viewer, resourceId, input.accessType);
  await db.transaction(async (tx) => {
    await tx.insert(resourceAccessHistory).values({
      userId: viewer.user.id,
      resourceId: row.id,
      analysisId: input.analysisId ?? null,
      actionPlanStepId: input.actionPlanStepId ?? null,
      accessType: input.accessType,
      durationSeconds: input.durationSeconds ?? null,
      accessedAt: viewer.now,
    });
    if (input.accessType === 'view')
      await tx
        .update(resources)
        .set({ viewCount: sql`${resources.viewCount} + 1` })
        .where(eq(resources.id, row.id));
  });
}

/** Viewing a locked resource's page is recorded (it shows the upgrade prompt); opening its link is not allowed. */
async function assertUsableOrLockedView(
  db: Database,
  viewer: Viewer,
  id: number,
  accessType: string,
): Promise<ResourceRow> {
  if (accessType !== 'view') return assertUsable(db, viewer, id);
  const [row] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.id, id), eq(resources.isActive, true)));
  if (!row) throw notFound(RESOURCE_LABEL);
  return row;
}

export async function listCategories(db: Database): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      id: resourceCategories.id,
      name: resourceCategories.name,
      slug: resourceCategories.slug,
      description: resourceCategories.description,
      icon: resourceCategories.icon,
      parentId: resourceCategories.parentId,
      resourceCount: sql<number>`(select count(*)::int from ${resources} where ${resources.categoryId} = ${resourceCategories.id} and ${resources.isActive})`,
    })
    .from(resourceCategories)
    .orderBy(resourceCategories.displayOrder, resourceCategories.name);
  return rows.map((r) => ({ ...r, resourceCount: Number(r.resourceCount) }));
}

export async function listTags(db: Database) {
  const rows = await db
    .select({ name: resourceTags.name, slug: resourceTags.slug, usageCount: resourceTags.usageCount })
    .from(resourceTags)
    .where(sql`${resourceTags.usageCount} > 0`)
    .orderBy(desc(resourceTags.usageCount), resourceTags.name)
    .limit(200);
  return rows;
}
