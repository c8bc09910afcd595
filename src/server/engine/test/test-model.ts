import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

// Mock language models for the engine's LLM tests, streaming text the way a provider does.

export const MOCK_USAGE = {
  inputTokens: { total: 120, noCache: 120, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 80, text: 80, reasoning: 0 },
};

export function composition(title: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    title,
    description: `Written by the model for ${title}, from the evidence pack only.`,
    gapReason: 'The evidence pack shows few active companies in this cell.',
    competitorAnalysis: 'The companies in the pack differ in who they serve.',
    industryContext: 'The pack names the occupation and industry behind this market.',
    targetAudience: 'The segment named in the query.',
    actionableRecommendations: ['Interview ten people from the segment named in the pack.'],
    keyTrends: ['Entries in this cell rose in recent batches.'],
    ...extra,
  });
}

/** A model that streams `respond(callIndex)` in small chunks; a thrown error becomes a stream error. */
export function streamingModel(respond: (call: number) => string | Error): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({
    doStream: async () => {
      const answer = respond(call++);
      if (answer instanceof Error) throw answer;
      const pieces = answer.match(/.{1,40}/gs) ?? [];
      return {
        stream: simulateReadableStream({
          chunks: [
            { type: 'stream-start' as const, warnings: [] },
            { type: 'text-start' as const, id: 't' },
            ...pieces.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
            { type: 'text-end' as const, id: 't' },
            { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: 'stop' }, usage: MOCK_USAGE },
          ],
        }),
      };
    },
  });
}

/** A model that never answers until its call is aborted (timeouts, cancellations). */
export function hangingModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async ({ abortSignal }) => ({
      stream: new ReadableStream({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          abortSignal?.addEventListener('abort', () => controller.error(abortSignal.reason));
        },
      }),
    }),
  });
}
