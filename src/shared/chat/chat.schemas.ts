import { z } from 'zod';
import { idSchema } from '../api/params.schemas.ts';
import {
  CHAT_MESSAGE_MAX,
  MAX_VARIANTS,
  QUESTION_CATEGORIES,
  SUGGESTED_QUESTION_MAX,
  SUGGESTED_QUESTION_MIN,
} from './chat.constants.ts';

// The assistant's contract (docs/product/assistant.md: conversations and their rules): conversations per analysis and user,
// their messages with citations, suggested questions, analytics and the daily message limit.

export const messageContentSchema = z
  .string()
  .trim()
  .min(1, 'Write a question first')
  .max(CHAT_MESSAGE_MAX, `At most ${CHAT_MESSAGE_MAX} characters`);

export const conversationCreateSchema = z.strictObject({
  analysisId: idSchema,
  /** Other analyses (a re-run, a variant) this conversation compares. */
  variantIds: z.array(idSchema).max(MAX_VARIANTS, `At most ${MAX_VARIANTS} analyses to compare`).optional(),
});

export const conversationUpdateSchema = z.strictObject({
  variantIds: z.array(idSchema).max(MAX_VARIANTS, `At most ${MAX_VARIANTS} analyses to compare`),
});

export const messageCreateSchema = z.strictObject({
  content: messageContentSchema,
  /** The suggested question this message asks (marked used). */
  suggestedQuestionId: idSchema.optional(),
});

export const messageEditSchema = z.strictObject({ content: messageContentSchema });

export const ratingSchema = z.strictObject({
  satisfaction: z.number().int().min(1, 'Choose 1 to 5').max(5, 'Choose 1 to 5'),
});

export const helpQuestionSchema = z.strictObject({ question: messageContentSchema });

/** What an answer rests on; the client turns it into a link (evidence on the analysis page, a help article). */
export const citationSchema = z.object({
  kind: z.enum(['evidence', 'competitor', 'score', 'article', 'faq']),
  /** Evidence id, score key, article slug or pricing-faq:<entry id>. */
  ref: z.string(),
  /** The search result (opportunity) it belongs to; null for an article. */
  resultId: z.number().int().nullable(),
  label: z.string(),
  /** The cited text itself, as the answer used it (what the number check reads). */
  text: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const ANSWER_MODES = ['offline', 'llm', 'offline_fallback', 'partial'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

export const messageMetadataSchema = z.object({
  citations: z.array(citationSchema),
  /** offline = written from templates; llm = worded by the model and checked; offline_fallback = the model's answer failed the check or the call. */
  mode: z.enum(ANSWER_MODES),
  grounded: z.boolean(),
  /** Why the model's answer was not used (offline_fallback) or was cut short (partial). */
  note: z.string().nullable(),
  responseMs: z.number().int().nullable(),
  tokens: z.number().int(),
  /** For a partial model answer: the offline answer the user can show instead. */
  offlineAlternative: z.string().nullable(),
});
export type MessageMetadata = z.infer<typeof messageMetadataSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  metadata: messageMetadataSchema.nullable(),
  editedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const suggestedQuestionSchema = z.object({
  id: z.number().int(),
  questionText: z.string().min(SUGGESTED_QUESTION_MIN).max(SUGGESTED_QUESTION_MAX),
  category: z.enum(QUESTION_CATEGORIES),
  priority: z.number().int().min(0).max(100),
  used: z.boolean(),
});

export const conversationAnalyticsSchema = z.object({
  messageCount: z.number().int(),
  totalTokensUsed: z.number().int(),
  /** Milliseconds, over the assistant's answers. */
  avgResponseTime: z.number().int(),
  userSatisfaction: z.number().int().min(1).max(5).nullable(),
});

export const chatUsageSchema = z.object({ used: z.number().int(), limit: z.number().int(), day: z.string() });
export type ChatUsage = z.infer<typeof chatUsageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  analysisId: z.number().int(),
  query: z.string(),
  variantIds: z.array(z.number().int()),
  messages: z.array(chatMessageSchema),
  suggestedQuestions: z.array(suggestedQuestionSchema),
  analytics: conversationAnalyticsSchema,
  usage: chatUsageSchema,
  /** How answers are written now: offline templates, or a model when one is configured. */
  mode: z.enum(['offline', 'llm']),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const exchangeSchema = z.object({
  question: chatMessageSchema,
  answer: chatMessageSchema,
  usage: chatUsageSchema,
});
export type Exchange = z.infer<typeof exchangeSchema>;

export const ratingResponseSchema = z.object({ userSatisfaction: z.number().int() });

export const helpAnswerSchema = z.object({
  content: z.string(),
  citations: z.array(citationSchema),
  mode: z.literal('offline'),
});
export type HelpAnswer = z.infer<typeof helpAnswerSchema>;

/** With `Accept: application/x-ndjson` a question is answered as lines: the model's text as it comes, then the stored exchange. */
export const CHAT_STREAM_CONTENT_TYPE = 'application/x-ndjson';
export const chatStreamLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), data: exchangeSchema }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ChatStreamLine = z.infer<typeof chatStreamLineSchema>;
