import type { PlanId } from '../plans/plans.constants.ts';

// The assistant's business numbers (docs/product/assistant.md), named once.

/** Messages (questions asked, edits re-asked) a user may send the assistant per UTC day, by plan. */
export const CHAT_DAILY_MESSAGES: Record<PlanId, number> = { free: 20, pro: 500, enterprise: 2000 };
/** Product questions a visitor may ask per minute from one address (signed out: no account to count). */
export const HELP_QUESTIONS_PER_MINUTE = 20;
export const CHAT_MESSAGE_MAX = 10_000;
export const SUGGESTED_QUESTION_MIN = 5;
export const SUGGESTED_QUESTION_MAX = 500;
/** The satisfaction question appears once, after this many messages in a conversation. */
export const ASK_SATISFACTION_AFTER_MESSAGES = 4;
/** Other analyses one conversation may compare (a re-run, a variant). */
export const MAX_VARIANTS = 3;
export const QUESTION_CATEGORIES = [
  'market_validation',
  'competitive_analysis',
  'execution_strategy',
  'risk_assessment',
] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];
/** The sentence an answer starts with when the analysis cannot answer the question. */
export const NO_EVIDENCE_ANSWER = 'The analysis has no evidence on that.';
