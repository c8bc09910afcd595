import { index, integer, jsonb, pgTable, real, serial, text, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import type { MessageMetadata } from '#shared/chat/chat.schemas.ts';
import { QUESTION_CATEGORIES } from '#shared/chat/chat.constants.ts';
import { timestamptz } from './columns.ts';
import { searches } from './searches.ts';
import { users } from './users.ts';

// docs/product/assistant.md: one conversation per analysis and user, its messages, suggested questions and analytics,
// plus the per-day message count the plan limit is enforced on (docs/decisions/021).

export const conversations = pgTable(
  'conversations',
  {
    id: serial().primaryKey(),
    analysisId: integer()
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variantIds: jsonb().$type<number[]>().notNull().default([]),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_analysis_user_unique').on(t.analysisId, t.userId),
    index('conversations_user_idx').on(t.userId),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial().primaryKey(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text({ enum: ['user', 'assistant'] }).notNull(),
    content: text().notNull(),
    metadata: jsonb().$type<MessageMetadata>(),
    editedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.id)],
);

export const suggestedQuestions = pgTable(
  'suggested_questions',
  {
    id: serial().primaryKey(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    questionText: text().notNull(),
    category: text({ enum: QUESTION_CATEGORIES }).notNull(),
    priority: integer().notNull(),
    used: boolean().notNull().default(false),
  },
  (t) => [index('suggested_questions_conversation_idx').on(t.conversationId)],
);

export const conversationAnalytics = pgTable('conversation_analytics', {
  conversationId: integer()
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  messageCount: integer().notNull().default(0),
  /** Answers written (the weight of avgResponseTime's running mean). */
  answerCount: integer().notNull().default(0),
  totalTokensUsed: integer().notNull().default(0),
  /** Milliseconds, the mean over the assistant's answers. */
  avgResponseTime: real().notNull().default(0),
  userSatisfaction: integer(),
});

/** Messages a user sent the assistant on one UTC day: the plan limit is one conditional upsert on it. */
export const chatDailyUsage = pgTable(
  'chat_daily_usage',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('chat_daily_usage_user_day_unique').on(t.userId, t.day)],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationMessageRow = typeof conversationMessages.$inferSelect;
export type SuggestedQuestionRow = typeof suggestedQuestions.$inferSelect;
