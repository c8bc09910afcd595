import { and, eq, gt, sql } from 'drizzle-orm';
import type { ChatUsage, Exchange, MessageMetadata } from '#shared/chat/chat.schemas.ts';
import type { PlanId } from '#shared/plans/plans.constants.ts';
import type { Database, Tx } from '../../db/client.ts';
import {
  conversationAnalytics,
  conversationMessages,
  suggestedQuestions,
  type ConversationRow,
} from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { conversationMessageResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import type { AnswerInput, Answerer, ComposedAnswer } from './answerer.provider.ts';
import { consumeChatMessage } from './chat-usage.service.ts';
import { loadProductPassages } from './help-answer.service.ts';
import { isProductQuestion } from './product-question.logic.ts';
import { questionParts } from './question-parts.logic.ts';
import { loadContext, loadConversation, toMessageDto } from './chat.service.ts';

// Asking and re-asking: a message is counted against the day's limit first (402 over it), then
// answered from the analysis, then the question, the answer, the suggestion's `used` flag and the
// analytics are written in one transaction.

type Ask = {
  db: Database;
  principal: Principal;
  plan: PlanId;
  clock: Clock;
  content: string;
  answerer: Answerer;
  signal?: AbortSignal | undefined;
  onDelta?: ((text: string) => void) | undefined;
};

async function inputFor(ask: Ask, conversation: ConversationRow): Promise<AnswerInput> {
  const context = await loadContext(ask.db, ask.principal, conversation.analysisId);
  const variants = [];
  // A compared analysis deleted since (or no longer readable) is left out, not an error.
  for (const id of conversation.variantIds)
    variants.push(await loadContext(ask.db, ask.principal, id).catch(() => null));
  const isAboutProduct = questionParts(ask.content).some(isProductQuestion);
  return {
    context,
    question: ask.content,
    product: isAboutProduct ? await loadProductPassages(ask.db) : undefined,
    variants: variants.filter((v) => v !== null),
    signal: ask.signal,
    onDelta: ask.onDelta,
  };
}

/**
 * Counts the message and loads the analysis side by side (time to first token), then answers; the
 * answerer (and a model) runs only once the message is counted within the day's limit.
 */
async function countAndCompose(
  ask: Ask,
  conversation: ConversationRow,
): Promise<{ usage: ChatUsage; answer: ComposedAnswer; ms: number }> {
  const [counted, loaded] = await Promise.allSettled([
    consumeChatMessage(ask.db, conversation.userId, ask.plan, ask.clock.now()),
    inputFor(ask, conversation),
  ]);
  if (counted.status === 'rejected') throw counted.reason;
  if (loaded.status === 'rejected') throw loaded.reason;
  const started = performance.now();
  const answer = await ask.answerer(loaded.value);
  return { usage: counted.value, answer, ms: Math.round(performance.now() - started) };
}

function metadataOf(answer: ComposedAnswer, ms: number): MessageMetadata {
  const { citations, mode, grounded, note, tokens, offlineAlternative } = answer;
  return { citations, mode, grounded, note, tokens, offlineAlternative, responseMs: ms };
}

async function recordAnswer(tx: Tx, conversationId: number, answer: ComposedAnswer, ms: number, messages: number) {
  const a = conversationAnalytics;
  await tx
    .update(a)
    .set({
      messageCount: sql`${a.messageCount} + ${messages}`,
      answerCount: sql`${a.answerCount} + 1`,
      totalTokensUsed: sql`${a.totalTokensUsed} + ${answer.tokens}`,
      avgResponseTime: sql`(${a.avgResponseTime} * ${a.answerCount} + ${ms}) / (${a.answerCount} + 1)`,
    })
    .where(eq(a.conversationId, conversationId));
  const [row] = await tx
    .insert(conversationMessages)
    .values({ conversationId, role: 'assistant', content: answer.content, metadata: metadataOf(answer, ms) })
    .returning();
  if (!row) throw new Error('The answer was not stored.');
  return row;
}

/** Asks a question in a conversation; answers it from the analysis's evidence. */
export async function sendMessage(
  ask: Ask & { id: number; suggestedQuestionId?: number | undefined },
): Promise<Exchange> {
  const { db, principal } = ask;
  const conversation = await loadConversation(db, principal, ask.id, 'write');
  const { usage, answer, ms } = await countAndCompose(ask, conversation);
  return db.transaction(async (tx) => {
    const [question] = await tx
      .insert(conversationMessages)
      .values({ conversationId: conversation.id, role: 'user', content: ask.content })
      .returning();
    if (!question) throw new Error('The question was not stored.');
    if (ask.suggestedQuestionId !== undefined) {
      await tx
        .update(suggestedQuestions)
        .set({ used: true })
        .where(
          and(
            eq(suggestedQuestions.id, ask.suggestedQuestionId),
            eq(suggestedQuestions.conversationId, conversation.id),
          ),
        );
    }
    const stored = await recordAnswer(tx, conversation.id, answer, ms, 2);
    return { question: toMessageDto(question), answer: toMessageDto(stored), usage };
  });
}

/** Edits a question (editedAt) and answers it again; the answers after it are replaced. */
export async function editMessage(ask: Ask & { messageId: number }): Promise<Exchange> {
  const { db, principal } = ask;
  const [message] = await db
    .select()
    .from(conversationMessages)
    .where(accessibleRow(conversationMessageResource, ask.messageId, principal, 'write'));
  if (!message) throw notFound(conversationMessageResource.label);
  if (message.role !== 'user') throw new AppError('BAD_REQUEST', 'Only your own questions can be edited.');
  const conversation = await loadConversation(db, principal, message.conversationId, 'write');
  const { usage, answer, ms } = await countAndCompose(ask, conversation);
  return db.transaction(async (tx) => {
    const [question] = await tx
      .update(conversationMessages)
      .set({ content: ask.content, editedAt: ask.clock.now() })
      .where(eq(conversationMessages.id, message.id))
      .returning();
    if (!question) throw notFound(conversationMessageResource.label);
    await tx
      .delete(conversationMessages)
      .where(and(eq(conversationMessages.conversationId, conversation.id), gt(conversationMessages.id, message.id)));
    const stored = await recordAnswer(tx, conversation.id, answer, ms, 1);
    return { question: toMessageDto(question), answer: toMessageDto(stored), usage };
  });
}
