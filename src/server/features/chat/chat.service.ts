import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Conversation } from '#shared/chat/chat.schemas.ts';
import type { PlanId } from '#shared/plans/plans.constants.ts';
import { orderOpportunities } from '#shared/searches/opportunity-order.ts';
import type { Database, Tx } from '../../db/client.ts';
import {
  conversationAnalytics,
  conversationMessages,
  conversations,
  searchResults,
  searches,
  suggestedQuestions,
  type ConversationMessageRow,
  type ConversationRow,
} from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { conversationResource, searchResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import type { AnalysisContext } from './analysis-context.types.ts';
import { chatUsage } from './chat-usage.service.ts';
import { suggestQuestions } from './suggest-questions.logic.ts';

// Conversations (docs/product/assistant.md): one per analysis and user, opened from the analysis page, holding the
// analyses it compares (variantIds), its suggested questions and its analytics.

type Db = Database | Tx;

/** One analysis the principal may read, with its opportunities: everything the assistant may use. */
export async function loadContext(db: Db, principal: Principal, searchId: number): Promise<AnalysisContext> {
  const [search] = await db
    .select({
      id: searches.id,
      query: searches.query,
      status: searches.status,
      reason: searches.reason,
      filters: searches.filters,
    })
    .from(searches)
    .where(accessibleRow(searchResource, searchId, principal, 'read'));
  if (!search) throw notFound(searchResource.label);
  const rows = await db.select().from(searchResults).where(eq(searchResults.searchId, searchId));
  const { filters, ...rest } = search;
  return { ...rest, results: orderOpportunities(rows, filters) };
}

export async function loadConversation(
  db: Db,
  principal: Principal,
  id: number,
  permission: 'read' | 'write' | 'delete' = 'read',
): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(accessibleRow(conversationResource, id, principal, permission));
  if (!row) throw notFound(conversationResource.label);
  return row;
}

async function checkVariants(
  db: Db,
  principal: Principal,
  analysisId: number,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)].filter((id) => id !== analysisId);
  for (const id of unique) await loadContext(db, principal, id);
  return unique;
}

async function addSuggestions(
  tx: Tx,
  conversationId: number,
  context: AnalysisContext,
  hasVariants: boolean,
): Promise<void> {
  const existing = await tx
    .select({ text: suggestedQuestions.questionText })
    .from(suggestedQuestions)
    .where(eq(suggestedQuestions.conversationId, conversationId));
  const have = new Set(existing.map((e) => e.text));
  const rows = suggestQuestions(context, hasVariants).filter((s) => !have.has(s.questionText));
  if (rows.length) await tx.insert(suggestedQuestions).values(rows.map((s) => ({ ...s, conversationId })));
}

/** The conversation for an analysis and the user, created (with its suggested questions) the first time. */
export async function openConversation(options: {
  db: Database;
  principal: Principal & { userId: number };
  plan: PlanId;
  now: Date;
  analysisId: number;
  variantIds?: number[] | undefined;
  mode?: 'offline' | 'llm';
}): Promise<Conversation> {
  const { db, principal, analysisId } = options;
  const context = await loadContext(db, principal, analysisId);
  const variantIds = options.variantIds
    ? await checkVariants(db, principal, analysisId, options.variantIds)
    : undefined;
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ analysisId, userId: principal.userId, variantIds: variantIds ?? [] })
      .onConflictDoNothing({ target: [conversations.analysisId, conversations.userId] })
      .returning({ id: conversations.id });
    if (created) {
      await tx.insert(conversationAnalytics).values({ conversationId: created.id, userId: principal.userId });
      await addSuggestions(tx, created.id, context, (variantIds ?? []).length > 0);
      return created.id;
    }
    const [existing] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.analysisId, analysisId), eq(conversations.userId, principal.userId)));
    if (!existing) throw notFound(conversationResource.label);
    if (variantIds) await setVariants(tx, existing.id, context, variantIds, options.now);
    return existing.id;
  });
  return getConversation({ ...options, id });
}

async function setVariants(
  tx: Tx,
  id: number,
  context: AnalysisContext,
  variantIds: number[],
  now: Date,
): Promise<void> {
  await tx.update(conversations).set({ variantIds, updatedAt: now }).where(eq(conversations.id, id));
  if (variantIds.length > 0) await addSuggestions(tx, id, context, true);
}

export async function updateVariants(options: {
  db: Database;
  principal: Principal;
  plan: PlanId;
  now: Date;
  id: number;
  variantIds: number[];
  mode?: 'offline' | 'llm';
}): Promise<Conversation> {
  const { db, principal, id, now } = options;
  const row = await loadConversation(db, principal, id, 'write');
  const context = await loadContext(db, principal, row.analysisId);
  const variantIds = await checkVariants(db, principal, row.analysisId, options.variantIds);
  await db.transaction((tx) => setVariants(tx, id, context, variantIds, now));
  return getConversation(options);
}

export function toMessageDto(row: ConversationMessageRow): Conversation['messages'][number] {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    metadata: row.metadata ?? null,
    editedAt: row.editedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getConversation(options: {
  db: Database;
  principal: Principal;
  plan: PlanId;
  now: Date;
  id: number;
  mode?: 'offline' | 'llm';
}): Promise<Conversation> {
  const { db, principal, id } = options;
  const row = await loadConversation(db, principal, id);
  const [search] = await db.select({ query: searches.query }).from(searches).where(eq(searches.id, row.analysisId));
  const messages = await db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, id))
    .orderBy(asc(conversationMessages.id));
  const questions = await db
    .select()
    .from(suggestedQuestions)
    .where(eq(suggestedQuestions.conversationId, id))
    .orderBy(desc(suggestedQuestions.priority), asc(suggestedQuestions.id));
  const [analytics] = await db.select().from(conversationAnalytics).where(eq(conversationAnalytics.conversationId, id));
  return {
    id,
    analysisId: row.analysisId,
    query: search?.query ?? '',
    variantIds: row.variantIds,
    messages: messages.map(toMessageDto),
    suggestedQuestions: questions.map(({ id: qid, questionText, category, priority, used }) => ({
      id: qid,
      questionText,
      category,
      priority,
      used,
    })),
    analytics: {
      messageCount: analytics?.messageCount ?? 0,
      totalTokensUsed: analytics?.totalTokensUsed ?? 0,
      avgResponseTime: Math.round(analytics?.avgResponseTime ?? 0),
      userSatisfaction: analytics?.userSatisfaction ?? null,
    },
    usage: await chatUsage(db, row.userId, options.plan, options.now),
    mode: options.mode ?? 'offline',
  };
}

export async function deleteConversation(options: { db: Database; principal: Principal; id: number }): Promise<void> {
  const rows = await options.db
    .delete(conversations)
    .where(accessibleRow(conversationResource, options.id, options.principal, 'delete'))
    .returning({ id: conversations.id });
  if (rows.length === 0) throw notFound(conversationResource.label);
}

/** Satisfaction 1–5, asked once: a second rating is a 409. */
export async function rateConversation(options: {
  db: Database;
  principal: Principal;
  id: number;
  satisfaction: number;
}): Promise<{ userSatisfaction: number }> {
  const { db, principal, id, satisfaction } = options;
  await loadConversation(db, principal, id, 'write');
  const rows = await db
    .update(conversationAnalytics)
    .set({ userSatisfaction: satisfaction })
    .where(and(eq(conversationAnalytics.conversationId, id), sql`${conversationAnalytics.userSatisfaction} is null`))
    .returning({ userSatisfaction: conversationAnalytics.userSatisfaction });
  if (rows.length === 0) throw new AppError('CONFLICT', 'You have already rated this conversation.');
  return { userSatisfaction: satisfaction };
}
