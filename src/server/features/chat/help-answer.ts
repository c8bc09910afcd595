import { desc, sql } from 'drizzle-orm';
import type { HelpAnswer } from '#shared/chat/chat.schemas.ts';
import type { Database } from '../../db/client.ts';
import { helpArticles } from '../../db/schema/index.ts';
import { prefixQuery } from '../../lib/platform/text-search.ts';
import { contentWords } from '../../engine/text/tokenize.ts';

// Product questions (signed out, or away from an analysis): answered from the help articles with
// the same PostgreSQL text search as /help, citing each article used. Nothing else is consulted.

const ARTICLES_USED = 2;

export async function answerFromHelp(db: Database, question: string): Promise<HelpAnswer> {
  const words = contentWords(question)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length > 1)
    .slice(0, 12);
  const tsQuery = words.length ? sql`to_tsquery('english', ${prefixQuery(words, 'any')})` : null;
  const rows = tsQuery
    ? await db
        .select({
          slug: helpArticles.slug,
          title: helpArticles.title,
          summary: helpArticles.summary,
          content: helpArticles.content,
        })
        .from(helpArticles)
        .where(sql`${helpArticles.searchVector} @@ ${tsQuery}`)
        .orderBy(desc(sql`ts_rank(${helpArticles.searchVector}, ${tsQuery})`), helpArticles.displayOrder)
        .limit(ARTICLES_USED)
    : [];
  if (rows.length === 0) {
    return {
      content:
        'The help articles have nothing on that. What would answer it: the full list on the Help page, or a message through the Contact page.',
      citations: [],
      mode: 'offline',
    };
  }
  return {
    content: ['From the help articles:', ...rows.map((r) => `- ${r.title}: ${r.summary} [${r.slug}]`)].join('\n'),
    citations: rows.map((r) => ({
      kind: 'article' as const,
      ref: r.slug,
      resultId: null,
      label: r.title,
      text: `${r.summary} ${r.content}`,
    })),
    mode: 'offline',
  };
}
