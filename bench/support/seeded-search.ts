import { defaultFilters } from '../../src/shared/searches/filters.schemas.ts';

/** A finished offline search row for seeding history (the i-th, one minute older per step). */
export function seededSearch(userId: number, i: number, nowMs: number) {
  return {
    userId,
    query: `seeded query ${i}`,
    timestamp: new Date(nowMs - i * 60_000),
    filters: defaultFilters(),
    status: 'ok' as const,
    engine: 'offline' as const,
    composerMode: 'offline' as const,
    corpusVersion: 'bench',
    corpusKind: 'seed' as const,
    rubricVersion: 'bench',
    facets: { offering: [], segment: [], keywords: [] },
  };
}
