import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { HelpArticle, HelpArticleSummary } from '#shared/help/help.schemas.ts';
import type { Database } from '../../db/client.ts';
import { helpArticles, type HelpArticleRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import { prefixQuery, queryWords } from '../../lib/platform/text-search.ts';
import { SEED_ARTICLES } from './help-articles.seed-data.ts';

// Help articles: seeded from the product's own constants on every start, searched with the same
// weighted text search as the resource library.

export async function seedHelpArticles(db: Database): Promise<void> {
  await db
    .insert(helpArticles)
    .values(
      SEED_ARTICLES.map((a, i) => ({
        slug: a.slug,
        title: a.title,
        summary: a.summary,
        content: a.content,
        context: a.context,
        category: a.category,
        tags: a.tags,
        tagText: a.tags.join(' '),
        relatedArticles: a.related,
        displayOrder: i,
      })),
    )
    .onConflictDoUpdate({
      target: helpArticles.slug,
      set: {
        title: sql`excluded.title`,
        summary: sql`excluded.summary`,
        content: sql`excluded.content`,
        context: sql`excluded.context`,
        category: sql`excluded.category`,
        tags: sql`excluded.tags`,
        tagText: sql`excluded.tag_text`,
        relatedArticles: sql`excluded.related_articles`,
        displayOrder: sql`excluded.display_order`,
      },
    });
}

function summary(row: HelpArticleRow): HelpArticleSummary {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    context: row.context,
    category: row.category,
    tags: row.tags,
    viewCount: row.viewCount,
    helpfulCount: row.helpfulCount,
  };
}

export async function listHelpArticles(options: {
  db: Database;
  q?: string | undefined;
  context?: string | undefined;
}): Promise<HelpArticleSummary[]> {
  const { db, q, context } = options;
  const words = queryWords(q);
  const tsQuery = words.length ? sql`to_tsquery('english', ${prefixQuery(words)})` : null;
  const rows = await db
    .select()
    .from(helpArticles)
    .where(tsQuery ? sql`${helpArticles.searchVector} @@ ${tsQuery}` : undefined)
    .orderBy(
      ...(context ? [desc(sql`coalesce(${helpArticles.context} = ${context}, false)`)] : []),
      ...(tsQuery ? [desc(sql`ts_rank(${helpArticles.searchVector}, ${tsQuery})`)] : []),
      asc(helpArticles.displayOrder),
      asc(helpArticles.id),
    );
  return rows.map(summary);
}

/** One article; reading it counts a view. */
export async function readHelpArticle(options: { db: Database; slug: string }): Promise<HelpArticle> {
  const { db, slug } = options;
  const [row] = await db
    .update(helpArticles)
    .set({ viewCount: sql`${helpArticles.viewCount} + 1` })
    .where(eq(helpArticles.slug, slug))
    .returning();
  if (!row) throw notFound('The help article');
  const related = row.relatedArticles.length
    ? await db
        .select({ slug: helpArticles.slug, title: helpArticles.title })
        .from(helpArticles)
        .where(inArray(helpArticles.slug, row.relatedArticles))
    : [];
  return {
    ...summary(row),
    content: row.content,
    videoUrl: row.videoUrl,
    related: row.relatedArticles.flatMap((s) => related.filter((r) => r.slug === s)),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function markHelpful(options: {
  db: Database;
  slug: string;
}): Promise<{ slug: string; helpfulCount: number }> {
  const [row] = await options.db
    .update(helpArticles)
    .set({ helpfulCount: sql`${helpArticles.helpfulCount} + 1` })
    .where(eq(helpArticles.slug, options.slug))
    .returning({ slug: helpArticles.slug, helpfulCount: helpArticles.helpfulCount });
  if (!row) throw notFound('The help article');
  return row;
}
