import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { resourceTagMappings, resourceTags, resources } from '../../db/schema/index.ts';

// Tags: one row per slug, mapped to resources, with a usage count; the resource keeps its tag names
// as text so the generated search vector can weight them (weight C).

export function tagSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** Replaces a resource's tags (names as given; duplicates by slug collapse). */
export async function setResourceTags(tx: Database | Tx, resourceId: number, names: string[]): Promise<void> {
  const bySlug = new Map<string, string>();
  for (const name of names) {
    const slug = tagSlug(name);
    if (slug.length > 0 && !bySlug.has(slug)) bySlug.set(slug, name.trim());
  }
  const before = await tx
    .select({ tagId: resourceTagMappings.tagId })
    .from(resourceTagMappings)
    .where(eq(resourceTagMappings.resourceId, resourceId));
  await tx.delete(resourceTagMappings).where(eq(resourceTagMappings.resourceId, resourceId));
  let tagIds: number[] = [];
  if (bySlug.size > 0) {
    await tx
      .insert(resourceTags)
      .values([...bySlug].map(([slug, name]) => ({ slug, name })))
      .onConflictDoNothing();
    const tags = await tx
      .select({ id: resourceTags.id })
      .from(resourceTags)
      .where(inArray(resourceTags.slug, [...bySlug.keys()]));
    tagIds = tags.map((t) => t.id);
    if (tagIds.length > 0)
      await tx
        .insert(resourceTagMappings)
        .values(tagIds.map((tagId) => ({ resourceId, tagId })))
        .onConflictDoNothing();
  }
  await tx
    .update(resources)
    .set({ tagText: [...bySlug.values()].join(' ') })
    .where(eq(resources.id, resourceId));
  await refreshUsageCounts(tx, [...new Set([...before.map((b) => b.tagId), ...tagIds])]);
}

export async function refreshUsageCounts(tx: Database | Tx, tagIds?: number[]): Promise<void> {
  if (tagIds && tagIds.length === 0) return;
  await tx
    .update(resourceTags)
    .set({
      usageCount: sql`(select count(*)::int from ${resourceTagMappings} where ${resourceTagMappings.tagId} = ${resourceTags.id})`,
    })
    .where(tagIds ? inArray(resourceTags.id, tagIds) : sql`true`);
}

/** Tag names per resource, in name order. */
export async function tagsOf(db: Database | Tx, resourceIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (resourceIds.length === 0) return map;
  const rows = await db
    .select({ resourceId: resourceTagMappings.resourceId, name: resourceTags.name })
    .from(resourceTagMappings)
    .innerJoin(resourceTags, eq(resourceTags.id, resourceTagMappings.tagId))
    .where(inArray(resourceTagMappings.resourceId, resourceIds))
    .orderBy(resourceTags.name);
  for (const r of rows) map.set(r.resourceId, [...(map.get(r.resourceId) ?? []), r.name]);
  return map;
}
