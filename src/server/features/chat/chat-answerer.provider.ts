import type { FastifyInstance } from 'fastify';
import { languageModelFromEnv, type EngineLanguageModel } from '../../engine/llm/language-model.ts';
import { llmAnswerer } from './answer-llm.provider.ts';
import { offlineAnswerer, type Answerer } from './answerer.provider.ts';

// Which answerer the assistant uses: a model when AI_PROVIDER is configured (or a test passes one),
// else the offline templates.

declare module '../../app.ts' {
  interface AppOverrides {
    /** The assistant's language model in tests (MockLanguageModelV3). */
    chatModel?: EngineLanguageModel;
  }
}

export function resolveAnswerer(app: FastifyInstance): { answerer: Answerer; mode: 'offline' | 'llm' } {
  const { env, overrides } = app.deps;
  const model = overrides.chatModel ?? languageModelFromEnv(env)?.model;
  if (!model) return { answerer: offlineAnswerer, mode: 'offline' };
  return { answerer: llmAnswerer({ model, timeoutMs: env.AI_TIMEOUT_MS, apiKey: env.AI_API_KEY }), mode: 'llm' };
}
