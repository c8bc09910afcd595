import type { AnswerMode, Citation } from '#shared/chat/chat.schemas.ts';
import type { AnalysisContext } from './analysis-context.types.ts';
import { composeOffline, type AnswerPlan } from './answer-offline.logic.ts';
import { ungroundedNumbers } from './grounding.logic.ts';
import type { Passage } from './product-knowledge.logic.ts';

// How an answer gets written: offline templates by default; the LLM answerer (answer-llm.provider.ts) when a
// provider is configured. Both return the same shape, stored as the message's metadata.

export type ComposedAnswer = {
  content: string;
  citations: Citation[];
  mode: AnswerMode;
  grounded: boolean;
  note: string | null;
  tokens: number;
  offlineAlternative: string | null;
};

export type AnswerInput = {
  context: AnalysisContext;
  question: string;
  variants: readonly AnalysisContext[];
  /** The pricing FAQ and help articles, loaded when the question is (partly) about the product. */
  product?: readonly Passage[] | undefined;
  signal?: AbortSignal | undefined;
  /** Text as the model streams it (LLM mode). */
  onDelta?: ((text: string) => void) | undefined;
};

export type Answerer = (input: AnswerInput) => Promise<ComposedAnswer>;

export function offlineAnswer(input: AnswerInput): ComposedAnswer & { plan: AnswerPlan } {
  const a = composeOffline(input.context, input.question, input.variants, input.product);
  return {
    ...a,
    mode: 'offline',
    grounded: ungroundedNumbers(a.content, a.citations).length === 0,
    note: null,
    tokens: 0,
    offlineAlternative: null,
  };
}

export const offlineAnswerer: Answerer = (input) => Promise.resolve(offlineAnswer(input));
