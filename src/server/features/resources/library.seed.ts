import { eq, inArray, sql } from 'drizzle-orm';
import { resourceInputSchema } from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import { resourceCategories, resources, resourceTagMappings, resourceTags } from '../../db/schema/index.ts';
import { LIBRARY_CHECKED_AT, SEED_CATEGORIES, SEED_RESOURCES } from './library.seed-data.ts';
import { refreshUsageCounts, tagSlug } from './resource-tags.service.ts';

// Puts the seeded library in place on every start, idempotently (upserts by slug and URL), so a
// fresh database, a test database and a production one all hold the same curated entries. Admin
// changes to other resources are never touched; a seeded entry's text follows the seed file.

export async function seedLibrary(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(resourceCategories)
      .values(
        SEED_CATEGORIES.map((c, i) => ({
          slug: c.slug,
          name: c.name,
          description: c.description,
          icon: c.icon,
          displayOrder: i,
        })),
      )
      .onConflictDoUpdate({
        target: resourceCategories.slug,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          icon: sql`excluded.icon`,
          displayOrder: sql`excluded.display_order`,
        },
      });
    const categories = await tx
      .select({ id: resourceCategories.id, slug: resourceCategories.slug })
      .from(resourceCategories)
      .where(
        inArray(
          resourceCategories.slug,
          SEED_CATEGORIES.map((c) => c.slug),
        ),
      );
    const idOf = new Map(categories.map((c) => [c.slug, c.id]));
    for (const c of SEED_CATEGORIES) {
      if (!c.parent) continue;
      await tx
        .update(resourceCategories)
        .set({ parentId: idOf.get(c.parent) ?? null })
        .where(eq(resourceCategories.slug, c.slug));
    }

    const values = SEED_RESOURCES.map((r) => {
      const categoryId = idOf.get(r.category);
      if (!categoryId) throw new Error(`seed resource ${r.key}: unknown category ${r.category}`);
      // The seed obeys the same rules as anything an admin adds.
      resourceInputSchema.parse({
        title: r.title,
        description: r.description,
        url: r.url,
        resourceType: r.type,
        categoryId,
        phaseRelevance: r.phases,
        ideaTypes: r.ideaTypes,
        difficultyLevel: r.difficulty,
        estimatedTimeMinutes: r.minutes,
        isPremium: r.isPremium ?? false,
        tags: r.tags,
      });
      return {
        title: r.title,
        description: r.description,
        url: r.url,
        resourceType: r.type,
        categoryId,
        phaseRelevance: r.phases,
        ideaTypes: r.ideaTypes,
        difficultyLevel: r.difficulty,
        estimatedTimeMinutes: r.minutes,
        isPremium: r.isPremium ?? false,
        metadata: { attribution: r.attribution, lastCheckedAt: LIBRARY_CHECKED_AT, seedKey: r.key },
        tagText: r.tags.join(' '),
      };
    });
    const saved = await tx
      .insert(resources)
      .values(values)
      .onConflictDoUpdate({
        target: resources.url,
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          resourceType: sql`excluded.resource_type`,
          categoryId: sql`excluded.category_id`,
          phaseRelevance: sql`excluded.phase_relevance`,
          ideaTypes: sql`excluded.idea_types`,
          difficultyLevel: sql`excluded.difficulty_level`,
          estimatedTimeMinutes: sql`excluded.estimated_time_minutes`,
          isPremium: sql`excluded.is_premium`,
          metadata: sql`excluded.metadata`,
          tagText: sql`excluded.tag_text`,
        },
      })
      .returning({ id: resources.id, url: resources.url });
    const idByUrl = new Map(saved.map((s) => [s.url, s.id]));

    const tagNames = new Map<string, string>();
    for (const r of SEED_RESOURCES) for (const t of r.tags) tagNames.set(tagSlug(t), t);
    await tx
      .insert(resourceTags)
      .values([...tagNames].map(([slug, name]) => ({ slug, name })))
      .onConflictDoNothing();
    const tags = await tx
      .select({ id: resourceTags.id, slug: resourceTags.slug })
      .from(resourceTags)
      .where(inArray(resourceTags.slug, [...tagNames.keys()]));
    const tagId = new Map(tags.map((t) => [t.slug, t.id]));
    const mappings = SEED_RESOURCES.flatMap((r) => {
      const resourceId = idByUrl.get(r.url);
      return resourceId === undefined
        ? []
        : [...new Set(r.tags.map((t) => tagId.get(tagSlug(t))))].flatMap((id) =>
            id === undefined ? [] : [{ resourceId, tagId: id }],
          );
    });
    await tx.delete(resourceTagMappings).where(inArray(resourceTagMappings.resourceId, [...idByUrl.values()]));
    await tx.insert(resourceTagMappings).values(mappings).onConflictDoNothing();
    await refreshUsageCounts(tx);
  });
}
