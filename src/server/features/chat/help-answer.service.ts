import type { HelpAnswer } from '#shared/chat/chat.schemas.ts';
import type { Database } from '../../db/client.ts';
import { answerProductQuestion, loadProductPassages, NO_PRODUCT_ANSWER } from './product-knowledge.service.ts';

// Product questions (signed out, or away from an analysis): answered from the pricing FAQ and the help
// articles, the passage that answers it first, each quoted and cited. Nothing else is consulted.

export async function answerFromHelp(db: Database, question: string): Promise<HelpAnswer> {
  const found = answerProductQuestion(await loadProductPassages(db), question);
  if (!found) return { content: NO_PRODUCT_ANSWER, citations: [], mode: 'offline' };
  return { ...found, mode: 'offline' };
}
