import { and, desc, eq, sql } from 'drizzle-orm';
import type { Page } from '#shared/api/list.schemas.ts';
import type {
  BookmarkDto,
  CategoryNode,
  ResourceDetail,
  ResourceSearch,
  ResourceSummary,
  ReviewDto,
} from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import {
  resourceAccessHistory,
  resourceCategories,
  resourceRatings,
  resourceReviewVotes,
  resources,
  resourceTags,
  userBookmarks,
  users,
  type ResourceRow,
  type UserBookmarkRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { assertCanAccess } from '../../lib/access/policy.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { searchResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hasPaidPlan } from '../../lib/effective-plan.ts';
import { paginate } from '../../lib/paginate.ts';
import { searchResourceRows, type ResourceHit } from './resource-search.ts';
import { tagsOf } from './resource-tags.ts';

// The library: search, one resource, bookmarks, ratings and reviews, helpful votes, access history.
// Premium resources are listed for everyone, but only paid plans get their description and link.

const RESOURCE_LABEL = 'The resource';
const REVIEWS_SHOWN = 20;

export type Viewer = { user: UserRow; now: Date };

export function toSummary(hit: Omit<ResourceHit, 'total'>, tags: string[], canOpenPremium: boolean): ResourceSummary {
  const { row } = hit;
  const isLocked = row.isPremium && !canOpenPremium;
  return {
    id: row.id,
    title: row.title,
    description: isLocked ? null : row.description,
    url: isLocked ? null : row.url,
    isLocked,
    resourceType: row.resourceType,
    category: hit.category,
    phaseRelevance: row.phaseRelevance,
    ideaTypes: row.ideaTypes,
    difficultyLevel: row.difficultyLevel,
    estimatedTimeMinutes: row.estimatedTimeMinutes,
    isPremium: row.isPremium,
    averageRating: Math.round(row.averageRating * 100) / 100,
    ratingCount: row.ratingCount,
    viewCount: row.viewCount,
    bookmarkCount: row.bookmarkCount,
    tags,
    attribution: row.metadata.attribution ?? null,
    lastCheckedAt: row.metadata.lastCheckedAt ?? null,
    createdAt: row.createdAt.toISOString(),
    isBookmarked: hit.isBookmarked,
  };
}

export async function summaries(
  db: Database,
  viewer: Viewer,
  hits: Omit<ResourceHit, 'total'>[],
): Promise<ResourceSummary[]> {
  const tags = await tagsOf(
    db,
    hits.map((h) => h.row.id),
  );
  const canOpen = hasPaidPlan(viewer.user, viewer.now);
  return hits.map((h) => toSummary(h, tags.get(h.row.id) ?? [], canOpen));
}

export async function searchResources(options: {
  db: Database;
  viewer: Viewer;
  query: ResourceSearch;
}): Promise<Page<ResourceSummary> & { total: number }> {
  const { db, viewer, query } = options;
  const { page, pageSize } = query;
  const hits = await searchResourceRows({
    db,
    userId: viewer.user.id,
    query,
    limit: pageSize + 1,
    offset: (page - 1) * pageSize,
  });
  const shown = hits.slice(0, pageSize);
  return {
    items: await summaries(db, viewer, shown),
    page,
    pageSize,
    hasMore: hits.length > pageSize,
    nextCursor: null,
    total: hits[0]?.total ?? 0,
  };
}

async function loadHit(db: Database, userId: number, id: number): Promise<Omit<ResourceHit, 'total'>> {
  const [r] = await db
    .select({ row: resources, category: resourceCategories, bookmarkId: userBookmarks.id })
    .from(resources)
    .leftJoin(resourceCategories, eq(resourceCategories.id, resources.categoryId))
    .leftJoin(userBookmarks, and(eq(userBookmarks.resourceId, resources.id), eq(userBookmarks.userId, userId)))
    .where(and(eq(resources.id, id), eq(resources.isActive, true)));
  if (!r) throw notFound(RESOURCE_LABEL);
  return {
    row: r.row,
    category: r.category ? { id: r.category.id, name: r.category.name, slug: r.category.slug } : null,
    isBookmarked: r.bookmarkId !== null,
  };
}

function bookmarkDto(row: UserBookmarkRow): BookmarkDto {
  return {
    id: row.id,
    resourceId: row.resourceId,
    notes: row.notes,
    customTags: row.customTags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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

async function reviewsOf(db: Database, userId: number, resourceId: number): Promise<ReviewDto[]> {
  const rows = await db
    .select({
      id: resourceRatings.id,
      rating: resourceRatings.rating,
      review: resourceRatings.review,
      helpfulCount: resourceRatings.isHelpfulCount,
      authorId: resourceRatings.userId,
      name: users.name,
      email: users.email,
      updatedAt: resourceRatings.updatedAt,
      voted: sql<boolean>`exists (select 1 from ${resourceReviewVotes} where ${resourceReviewVotes.ratingId} = ${resourceRatings.id} and ${resourceReviewVotes.userId} = ${userId})`,
    })
    .from(resourceRatings)
    .innerJoin(users, eq(users.id, resourceRatings.userId))
    .where(eq(resourceRatings.resourceId, resourceId))
    .orderBy(desc(resourceRatings.isHelpfulCount), desc(resourceRatings.updatedAt), desc(resourceRatings.id))
    .limit(REVIEWS_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    review: r.review,
    helpfulCount: r.helpfulCount,
    // Reviewers are shown by first name or e-mail prefix, never the full address.
    authorName: r.name?.trim().split(/\s+/)[0] ?? r.email.split('@')[0] ?? 'A user',
    isMine: r.authorId === userId,
    hasVotedHelpful: Boolean(r.voted),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** 404 for a missing resource, PLAN_REQUIRED for a premium one the viewer's plan cannot open. */
async function assertUsable(db: Database, viewer: Viewer, id: number): Promise<ResourceRow> {
  const [row] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.id, id), eq(resources.isActive, true)));
  if (!row) throw notFound(RESOURCE_LABEL);
  if (row.isPremium && !hasPaidPlan(viewer.user, viewer.now))
    throw new AppError('PLAN_REQUIRED', 'This resource is part of the Pro library. Upgrade to open it.');
  return row;
}

/** Creates or updates the viewer's bookmark: a second save is the same row, not an error. */
export async function saveBookmark(options: {
  db: Database;
  viewer: Viewer;
  resourceId: number;
  input: { notes?: string | undefined; customTags: string[] };
}): Promise<BookmarkDto> {
  const { db, viewer, resourceId, input } = options;
  await assertUsable(db, viewer, resourceId);
  const notes = input.notes?.length ? input.notes : null;
  const customTags = [...new Set(input.customTags)];
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(userBookmarks)
      .values({ userId: viewer.user.id, resourceId, notes, customTags, createdAt: viewer.now, updatedAt: viewer.now })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await tx
        .update(resources)
        .set({ bookmarkCount: sql`${resources.bookmarkCount} + 1` })
        .where(eq(resources.id, resourceId));
      return bookmarkDto(inserted);
    }
    const [updated] = await tx
      .update(userBookmarks)
      .set({ notes, customTags, updatedAt: viewer.now })
      .where(and(eq(userBookmarks.userId, viewer.user.id), eq(userBookmarks.resourceId, resourceId)))
      .returning();
    if (!updated) throw notFound(RESOURCE_LABEL);
    return bookmarkDto(updated);
  });
}

export async function removeBookmark(options: { db: Database; userId: number; resourceId: number }): Promise<void> {
  const { db, userId, resourceId } = options;
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(userBookmarks)
      .where(and(eq(userBookmarks.userId, userId), eq(userBookmarks.resourceId, resourceId)))
      .returning({ id: userBookmarks.id });
    if (deleted.length === 0) throw notFound('The bookmark');
    await tx
      .update(resources)
      .set({ bookmarkCount: sql`greatest(${resources.bookmarkCount} - 1, 0)` })
      .where(eq(resources.id, resourceId));
  });
}

export async function listBookmarks(options: {
  db: Database;
  viewer: Viewer;
  query: { page: number; pageSize: number; cursor?: string | undefined; tag?: string | undefined };
}): Promise<Page<BookmarkDto & { resource: ResourceSummary }>> {
  const { db, viewer, query } = options;
  const page = await paginate({
    query,
    keyset: [
      {
        column: userBookmarks.updatedAt,
        direction: 'desc',
        value: (r: { bookmark: UserBookmarkRow }) => r.bookmark.updatedAt,
      },
      { column: userBookmarks.id, direction: 'desc', value: (r: { bookmark: UserBookmarkRow }) => r.bookmark.id },
    ],
    fetch: ({ limit, offset, after }) =>
      db
        .select({ bookmark: userBookmarks, row: resources, category: resourceCategories })
        .from(userBookmarks)
        .innerJoin(resources, eq(resources.id, userBookmarks.resourceId))
        .leftJoin(resourceCategories, eq(resourceCategories.id, resources.categoryId))
        .where(
          and(
            eq(userBookmarks.userId, viewer.user.id),
            query.tag ? sql`${query.tag} = any(${userBookmarks.customTags})` : undefined,
            after,
          ),
        )
        .orderBy(desc(userBookmarks.updatedAt), desc(userBookmarks.id))
        .limit(limit)
        .offset(offset),
  });
  const items = await summaries(
    db,
    viewer,
    page.items.map((r) => ({
      row: r.row,
      category: r.category ? { id: r.category.id, name: r.category.name, slug: r.category.slug } : null,
      isBookmarked: true,
    })),
  );
  return {
    ...page,
    items: page.items.map((r, i) => {
      const resource = items[i];
      if (!resource) throw new Error('bookmark without resource');
      return { ...bookmarkDto(r.bookmark), resource };
    }),
  };
}

/**
 * One rating per user per resource (a second one replaces the first). The resource row is locked
 * first, so concurrent ratings recompute the average one after another and it stays exact.
 */
export async function rateResource(options: {
  db: Database;
  viewer: Viewer;
  resourceId: number;
  input: { rating: number; review?: string | undefined };
}): Promise<{ rating: number; review: string | null; averageRating: number; ratingCount: number }> {
  const { db, viewer, resourceId, input } = options;
  await assertUsable(db, viewer, resourceId);
  const review = input.review?.length ? input.review : null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${resources} where ${resources.id} = ${resourceId} for update`);
    await tx
      .insert(resourceRatings)
      .values({
        userId: viewer.user.id,
        resourceId,
        rating: input.rating,
        review,
        createdAt: viewer.now,
        updatedAt: viewer.now,
      })
      .onConflictDoUpdate({
        target: [resourceRatings.userId, resourceRatings.resourceId],
        set: { rating: input.rating, review, updatedAt: viewer.now },
      });
    const [stats] = await tx
      .update(resources)
      .set({
        averageRating: sql`(select coalesce(avg(${resourceRatings.rating}), 0)::float8 from ${resourceRatings} where ${resourceRatings.resourceId} = ${resourceId})`,
        ratingCount: sql`(select count(*)::int from ${resourceRatings} where ${resourceRatings.resourceId} = ${resourceId})`,
      })
      .where(eq(resources.id, resourceId))
      .returning({ averageRating: resources.averageRating, ratingCount: resources.ratingCount });
    if (!stats) throw notFound(RESOURCE_LABEL);
    return { rating: input.rating, review, ...stats };
  });
}

/** A "helpful" vote on someone else's review, once per user (a repeat changes nothing). */
export async function voteHelpful(options: {
  db: Database;
  userId: number;
  ratingId: number;
}): Promise<{ id: number; helpfulCount: number }> {
  const { db, userId, ratingId } = options;
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: resourceRatings.userId, count: resourceRatings.isHelpfulCount })
      .from(resourceRatings)
      .innerJoin(resources, eq(resources.id, resourceRatings.resourceId))
      .where(and(eq(resourceRatings.id, ratingId), eq(resources.isActive, true)));
    if (!review) throw notFound('The review');
    if (review.userId === userId) throw new AppError('BAD_REQUEST', 'You cannot mark your own review as helpful.');
    const [vote] = await tx
      .insert(resourceReviewVotes)
      .values({ ratingId, userId })
      .onConflictDoNothing()
      .returning({ ratingId: resourceReviewVotes.ratingId });
    if (!vote) return { id: ratingId, helpfulCount: review.count };
    const [updated] = await tx
      .update(resourceRatings)
      .set({ isHelpfulCount: sql`${resourceRatings.isHelpfulCount} + 1` })
      .where(eq(resourceRatings.id, ratingId))
      .returning({ helpfulCount: resourceRatings.isHelpfulCount });
    return { id: ratingId, helpfulCount: updated?.helpfulCount ?? review.count + 1 };
  });
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
