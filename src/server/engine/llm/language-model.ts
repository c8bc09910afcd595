import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import type { Env } from '../../env.ts';

// AI_PROVIDER → a language model. Model ids come from AI_MODEL (configuration), never from code.

/** A model object (the SDK's LanguageModelV3, e.g. MockLanguageModelV3 in tests), not a gateway id string. */
export type EngineLanguageModel = Exclude<LanguageModel, string>;

export type ConfiguredModel = { model: EngineLanguageModel; id: string };

export function languageModelFromEnv(env: Env): ConfiguredModel | null {
  const id = env.AI_MODEL;
  if (!env.AI_PROVIDER || !id) return null;
  switch (env.AI_PROVIDER) {
    case 'openai':
      return {
        model: createOpenAI({ apiKey: env.AI_API_KEY, ...(env.AI_BASE_URL ? { baseURL: env.AI_BASE_URL } : {}) }).chat(
          id,
        ),
        id: `openai:${id}`,
      };
    case 'openai-compatible':
      // `.chat()` speaks /chat/completions, which local servers implement (plain openai(id) calls /responses).
      return {
        model: createOpenAI({ apiKey: env.AI_API_KEY ?? 'not-needed', baseURL: env.AI_BASE_URL }).chat(id),
        id: `openai-compatible:${id}`,
      };
    case 'anthropic':
      return {
        model: createAnthropic({ apiKey: env.AI_API_KEY, ...(env.AI_BASE_URL ? { baseURL: env.AI_BASE_URL } : {}) })(
          id,
        ),
        id: `anthropic:${id}`,
      };
    case 'ollama':
      return { model: createOllama(env.AI_BASE_URL ? { baseURL: env.AI_BASE_URL } : {})(id), id: `ollama:${id}` };
  }
}
