import { fileURLToPath } from 'node:url';
import { defaultFilters, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import { testEnv } from '../../test/test-env.ts';
import type { Env } from '../../env.ts';

/** The small datasets folder written for the engine's unit tests (laid out like ../shared/data). */
export const FIXTURE_DATASETS_DIR = fileURLToPath(new URL('./fixtures/datasets', import.meta.url));

export function fixtureEnv(overrides: Record<string, string> = {}): Env {
  return testEnv({ DATASETS_DIR: FIXTURE_DATASETS_DIR, ...overrides });
}

export function filters(overrides: Partial<SearchFilters> = {}): SearchFilters {
  return { ...defaultFilters(), ...overrides };
}
