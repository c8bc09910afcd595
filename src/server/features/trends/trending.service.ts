import { and, eq, gte, lte, ne } from 'drizzle-orm';
import { DAY_MS } from '#shared/app/time.constants.ts';
import {
  GROWTH_YEARS,
  TRENDING_ESTABLISHED_ACCOUNT_DAYS,
  TRENDING_MIN_CORPUS_COMPANIES,
  TRENDING_MIN_USERS,
  TRENDING_THEMES_WINDOW_DAYS,
} from '#shared/trends/trends.constants.ts';
import type { TrendingDto } from '#shared/trends/trends.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searches, users } from '../../db/schema/index.ts';
import type { TrendsCorpus } from '../../engine/pool/trends-corpus.ts';
import { processTerm, words } from '../../engine/text/tokenize.ts';
import { corpusTrends } from './corpus-trends.service.ts';

// Trending from real data only: the categories and tags growing fastest in the corpus, and themes
// (facets the engine parsed, never a user's raw query) searched recently by at least MIN_USERS
// different users. Nothing canned: with no searches the themes list is empty.
//
// Privacy: a theme must not tell anyone that somebody else searched it. Only established accounts
// (older than ESTABLISHED_ACCOUNT_DAYS) count, the viewer's own searches never count, at least
// MIN_USERS of them are needed, and a theme is only shown when every word of it is common market
// language (in at least MIN_CORPUS_COMPANIES companies of the corpus): a rare term, a name or an
// invented probe word is never exposed, however many accounts search it.

const MAX_ROWS = 5000;

/** True when every word of the theme is common in the corpus (so the theme is market language). */
function isCommonMarketLanguage(theme: string, documentFrequency: Map<string, number>): boolean {
  const terms = words(theme)
    .map((w) => processTerm(w))
    .filter((t): t is string => t !== null);
  return terms.length > 0 && terms.every((t) => (documentFrequency.get(t) ?? 0) >= TRENDING_MIN_CORPUS_COMPANIES);
}

export async function computeTrending(options: {
  db: Database;
  /** The engine's corpus as the trends read it (an engine worker builds it: trends-corpus.ts). */
  loadCorpus: () => Promise<TrendsCorpus>;
  now: Date;
  viewerId: number;
}): Promise<TrendingDto> {
  const { db, loadCorpus, now, viewerId } = options;
  const since = new Date(now.getTime() - TRENDING_THEMES_WINDOW_DAYS * DAY_MS);
  const establishedBefore = new Date(now.getTime() - TRENDING_ESTABLISHED_ACCOUNT_DAYS * DAY_MS);
  const [corpus, recentSearches] = await Promise.all([
    loadCorpus(),
    db
      .select({ userId: searches.userId, facets: searches.facets })
      .from(searches)
      .innerJoin(users, and(eq(users.id, searches.userId), lte(users.createdAt, establishedBefore)))
      .where(and(gte(searches.timestamp, since), ne(searches.userId, viewerId)))
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
    .filter(
      ([theme, v]) => v.users.size >= TRENDING_MIN_USERS && isCommonMarketLanguage(theme, corpus.documentFrequency),
    )
    .map(([theme, v]) => ({ theme, users: v.users.size, searches: v.searches }))
    .sort((a, b) => b.users - a.users || b.searches - a.searches || a.theme.localeCompare(b.theme))
    .slice(0, 20);

  return {
    ...corpusTrends(corpus),
    growthYears: GROWTH_YEARS,
    windowDays: TRENDING_THEMES_WINDOW_DAYS,
    minUsers: TRENDING_MIN_USERS,
    themes,
  };
}
