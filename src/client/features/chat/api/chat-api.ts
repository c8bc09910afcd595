import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  chatStreamLineSchema,
  conversationSchema,
  exchangeSchema,
  helpAnswerSchema,
  ratingResponseSchema,
  type Conversation,
  type Exchange,
} from '#shared/chat/chat.schemas.ts';
import { searchResultWithSearchSchema } from '#shared/searches/search.schemas.ts';
import { apiStreamLines, getData, postData } from '#client/lib/api-client.ts';
import { ERROR_CODES, type ErrorCode } from '#shared/api/errors.ts';
import { ApiError } from '#client/lib/api-error.ts';

// The assistant's API: the conversation about an analysis (opened, i.e. created the first time),
// questions, ratings, and product questions answered from the help articles.

export const chatKeys = {
  all: ['chat'] as const,
  conversation: (analysisId: number) => ['chat', 'conversation', analysisId] as const,
  resultAnalysis: (resultId: number) => ['chat', 'result-analysis', resultId] as const,
};

export function conversationQueryOptions(analysisId: number) {
  return queryOptions({
    queryKey: chatKeys.conversation(analysisId),
    queryFn: () => postData('/api/chat/conversations', { analysisId }, conversationSchema),
  });
}

/** On an opportunity's page the analysis is its search: one small read to find it. */
export function resultAnalysisQueryOptions(resultId: number) {
  return queryOptions({
    queryKey: chatKeys.resultAnalysis(resultId),
    queryFn: async () => (await getData(`/api/search-results/${resultId}`, searchResultWithSearchSchema)).search.id,
  });
}

type AskInput = { conversationId: number; content: string; suggestedQuestionId?: number };

/** LLM mode: the answer arrives as lines (the model's text as it streams), then the stored exchange. */
async function askStreaming(path: string, body: object, onDelta: (text: string) => void): Promise<Exchange> {
  for await (const raw of apiStreamLines(path, body)) {
    const line = chatStreamLineSchema.parse(raw);
    if (line.type === 'delta') onDelta(line.text);
    else if (line.type === 'done') return line.data;
    else {
      const code = ERROR_CODES.find((c): c is ErrorCode => c === line.code) ?? 'INTERNAL';
      throw new ApiError({ status: 0, code, message: line.message });
    }
  }
  throw new ApiError({ status: 0, code: 'INTERNAL', message: 'The answer stopped before it finished.' });
}

export function useAsk(analysisId: number, options: { isStreaming: boolean; onDelta: (text: string) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AskInput) => {
      const path = `/api/chat/conversations/${input.conversationId}/messages`;
      const body = {
        content: input.content,
        ...(input.suggestedQuestionId ? { suggestedQuestionId: input.suggestedQuestionId } : {}),
      };
      return options.isStreaming ? askStreaming(path, body, options.onDelta) : postData(path, body, exchangeSchema);
    },
    onSuccess: (exchange, input) =>
      client.setQueryData<Conversation>(conversationQueryOptions(analysisId).queryKey, (old) =>
        old
          ? {
              ...old,
              messages: [...old.messages, exchange.question, exchange.answer],
              suggestedQuestions: old.suggestedQuestions.map((q) =>
                q.id === input.suggestedQuestionId ? { ...q, used: true } : q,
              ),
              analytics: { ...old.analytics, messageCount: old.analytics.messageCount + 2 },
              usage: exchange.usage,
            }
          : old,
      ),
  });
}

export function useRate(analysisId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { conversationId: number; satisfaction: number }) =>
      postData(
        `/api/chat/conversations/${input.conversationId}/rating`,
        { satisfaction: input.satisfaction },
        ratingResponseSchema,
      ),
    onSuccess: (data) =>
      client.setQueryData<Conversation>(conversationQueryOptions(analysisId).queryKey, (old) =>
        old ? { ...old, analytics: { ...old.analytics, userSatisfaction: data.userSatisfaction } } : old,
      ),
  });
}

export function useAskHelp() {
  return useMutation({
    mutationFn: (question: string) => postData('/api/chat/help', { question }, helpAnswerSchema),
  });
}
