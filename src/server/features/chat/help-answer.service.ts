import { asc } from 'drizzle-orm';
import type { HelpAnswer } from '#shared/chat/chat.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { helpArticles } from '../../db/schema/index.ts';
import { answerProductQuestion, NO_PRODUCT_ANSWER, productPassages, type Passage } from './product-knowledge.logic.ts';

// Product questions (signed out, or away from an analysis): answered from the pricing FAQ and the help
// articles, the passage that answers it first, each quoted and cited. Nothing else is consulted.

export async function answerFromHelp(db: Database, question: string): Promise<HelpAnswer> {
  const found = answerProductQuestion(await loadProductPassages(db), question);
  if (!found) return { content: NO_PRODUCT_ANSWER, citations: [], mode: 'offline' };
  return { ...found, mode: 'offline' };
}

/** The passages of the help articles as stored, with the pricing FAQ's (product-knowledge.logic.ts). */
export async function loadProductPassages(db: Database | Tx): Promise<Passage[]> {
  const articles = await db
    .select({
      slug: helpArticles.slug,
      title: helpArticles.title,
      summary: helpArticles.summary,
      content: helpArticles.content,
      tags: helpArticles.tags,
    })
    .from(helpArticles)
    .orderBy(asc(helpArticles.displayOrder), asc(helpArticles.id));
  return productPassages(articles);
}
