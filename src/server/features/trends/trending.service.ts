import { gte } from 'drizzle-orm';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { GROWTH_YEARS, TRENDING_MIN_USERS, TRENDING_THEMES_WINDOW_DAYS } from '#shared/trends/trends.constants.ts';
import type { TrendingDto } from '#shared/trends/trends.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searches } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { corpusTrends } from './corpus-trends.service.ts';

// Trending from real data only: the categories and tags growing fastest in the corpus, and themes
// (facets the engine parsed, never a user's raw query) searched recently by at least MIN_USERS
// different users. Nothing canned: with no searches the themes list is empty.

const MAX_ROWS = 5000;

export async function computeTrending(options: { db: Database; env: Env; now: Date }): Promise<TrendingDto> {
  const { db, env, now } = options;
  const since = new Date(now.getTime() - TRENDING_THEMES_WINDOW_DAYS * DAY_MS);
  const [corpus, recentSearches] = await Promise.all([
    corpusTrends(env),
    db
      .select({ userId: searches.userId, facets: searches.facets })
      .from(searches)
      .where(gte(searches.timestamp, since))
      .limit(MAX_ROWS),
  ]);

  const themeUsers = new Map<string, { users: Set<number>; searches: number }>();
  for (const s of recentSearches) {
    const terms = new Set(
      [...s.facets.offering, ...s.facets.segment].map((t) => t.trim().toLowerCase()).filter(Boolean),
    );
    for (const term of terms) {
      const entry = themeUsers.get(term) ?? { users: new Set<number>(), searches: 0 };
      entry.users.add(s.userId);
      entry.searches++;
      themeUsers.set(term, entry);
    }
  }
  const themes = [...themeUsers]
    .filter(([, v]) => v.users.size >= TRENDING_MIN_USERS)
    .map(([theme, v]) => ({ theme, users: v.users.size, searches: v.searches }))
    .sort((a, b) => b.users - a.users || b.searches - a.searches || a.theme.localeCompare(b.theme))
    .slice(0, 20);

  return {
    ...corpus,
    growthYears: GROWTH_YEARS,
    windowDays: TRENDING_THEMES_WINDOW_DAYS,
    minUsers: TRENDING_MIN_USERS,
    themes,
  };
}
