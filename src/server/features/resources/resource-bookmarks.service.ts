import { and, desc, eq, sql } from 'drizzle-orm';
import type { Page } from '#shared/api/list.schemas.ts';
import type { BookmarkDto, ResourceSummary } from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import { resourceCategories, resources, userBookmarks, type UserBookmarkRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import { paginate } from '../../lib/http/paginate.ts';
import { assertUsable, RESOURCE_LABEL, summaries, type Viewer } from './resource-summary.service.ts';

// A user's bookmarks: save (or update the note and tags), remove, list. The resource's bookmark
// count changes in the same transaction as the bookmark row, so it stays exact.

export function bookmarkDto(row: UserBookmarkRow): BookmarkDto {
  return {
    id: row.id,
    resourceId: row.resourceId,
    notes: row.notes,
    customTags: row.customTags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
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
