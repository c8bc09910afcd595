import { and, eq } from 'drizzle-orm';
import type { ResourceSummary } from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import { resourceCategories, resources, userBookmarks, type ResourceRow, type UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import { planRequired } from '../../lib/http/plan-guard.ts';
import { hasPaidPlan } from '../../lib/domain/effective-plan.ts';
import type { ResourceHit } from './resource-search.service.ts';
import { tagsOf } from './resource-tags.service.ts';

// What every library service shares: the viewer, a resource as the API shows it, and the checks
// that a resource exists and that the viewer's plan may open it. Premium resources are listed for
// everyone, but only paid plans get their description and link.

export const RESOURCE_LABEL = 'The resource';

export type Viewer = { user: UserRow; now: Date };

export function toSummary(hit: ResourceHit, tags: string[], canOpenPremium: boolean): ResourceSummary {
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

export async function summaries(db: Database, viewer: Viewer, hits: ResourceHit[]): Promise<ResourceSummary[]> {
  const tags = await tagsOf(
    db,
    hits.map((h) => h.row.id),
  );
  const canOpen = hasPaidPlan(viewer.user, viewer.now);
  return hits.map((h) => toSummary(h, tags.get(h.row.id) ?? [], canOpen));
}

export async function loadHit(db: Database, userId: number, id: number): Promise<ResourceHit> {
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

/** 404 for a missing resource, PLAN_REQUIRED for a premium one the viewer's plan cannot open. */
export async function assertUsable(db: Database, viewer: Viewer, id: number): Promise<ResourceRow> {
  const [row] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.id, id), eq(resources.isActive, true)));
  if (!row) throw notFound(RESOURCE_LABEL);
  if (row.isPremium && !hasPaidPlan(viewer.user, viewer.now))
    throw planRequired('This resource is part of the Pro library. Upgrade to open it.');
  return row;
}
