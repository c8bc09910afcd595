import { eq, gte } from 'drizzle-orm';
import type { TrendingDto } from '#shared/searches/search.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searchResults, searches } from '../../db/schema/index.ts';

// Trending from real data only: (1) categories whose companies — in the evidence stored with
// analyses run recently — launched faster in the last GROWTH_YEARS than in the years before;
// (2) themes (facets the engine parsed, never a user's raw query) searched by MIN_USERS or more
// different users. Nothing here is canned: an empty database gives empty lists.

export const TRENDING_WINDOW_DAYS = 30;
export const TRENDING_MIN_USERS = 3;
export const GROWTH_YEARS = 2;
const MIN_COMPANIES = 3;
const MAX_ROWS = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function computeTrending(db: Database, now: Date): Promise<TrendingDto> {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const [results, recentSearches] = await Promise.all([
    db
      .select({ category: searchResults.category, evidence: searchResults.evidence })
      .from(searchResults)
      .innerJoin(searches, eq(searches.id, searchResults.searchId))
      .where(gte(searches.timestamp, since))
      .limit(MAX_ROWS),
    db.select({ userId: searches.userId, facets: searches.facets }).from(searches).where(gte(searches.timestamp, since)).limit(MAX_ROWS),
  ]);

  const year = now.getUTCFullYear();
  const companyYears = new Map<string, Map<string, number>>();
  for (const row of results) {
    const byRef = companyYears.get(row.category) ?? new Map<string, number>();
    for (const e of row.evidence) {
      if ((e.source === 'yc' || e.source === 'seed') && e.date) byRef.set(`${e.source}:${e.ref}`, Number(e.date.slice(0, 4)));
    }
    companyYears.set(row.category, byRef);
  }
  const categories = [...companyYears]
    .map(([category, byRef]) => {
      const years = [...byRef.values()];
      const recent = years.filter((y) => y > year - GROWTH_YEARS).length;
      const earlier = years.filter((y) => y <= year - GROWTH_YEARS && y > year - 2 * GROWTH_YEARS).length;
      return { category, recent, earlier, growth: (recent - earlier) / Math.max(earlier, 1), companies: years.length };
    })
    .filter((c) => c.companies >= MIN_COMPANIES)
    .sort((a, b) => b.growth - a.growth || b.companies - a.companies)
    .slice(0, 10);

  const themeUsers = new Map<string, { users: Set<number>; searches: number }>();
  for (const s of recentSearches) {
    const terms = new Set([...s.facets.offering, ...s.facets.segment].map((t) => t.trim().toLowerCase()).filter(Boolean));
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
    .sort((a, b) => b.users - a.users || b.searches - a.searches)
    .slice(0, 20);

  return {
    windowDays: TRENDING_WINDOW_DAYS,
    minUsers: TRENDING_MIN_USERS,
    growthYears: GROWTH_YEARS,
    categories,
    themes,
    basis: `Computed from the evidence and parsed themes of analyses run on Unbuilt in the last ${TRENDING_WINDOW_DAYS} days.`,
  };
}
