import { and, desc, eq } from 'drizzle-orm';
import type { SearchResultWithSearch } from '#shared/searches/search.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searchResults, searches, type SearchResultRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { toSearchResultDto } from './search-dto.ts';

function withSearch(row: {
  result: SearchResultRow;
  searchId: number;
  query: string;
  timestamp: Date;
}): SearchResultWithSearch {
  return {
    ...toSearchResultDto(row.result),
    search: { id: row.searchId, query: row.query, timestamp: row.timestamp.toISOString() },
  };
}

const ownedColumns = {
  result: searchResults,
  searchId: searches.id,
  query: searches.query,
  timestamp: searches.timestamp,
};

export async function getOwnResult(db: Database, userId: number, id: number): Promise<SearchResultWithSearch> {
  const [row] = await db
    .select(ownedColumns)
    .from(searchResults)
    .innerJoin(searches, eq(searches.id, searchResults.searchId))
    .where(and(eq(searchResults.id, id), eq(searches.userId, userId)));
  if (!row) throw notFound('The result');
  return withSearch(row);
}

export async function setSaved(options: {
  db: Database;
  userId: number;
  id: number;
  isSaved: boolean;
  now: Date;
}): Promise<void> {
  const { db, userId, id, isSaved, now } = options;
  const [owned] = await db
    .select({ id: searchResults.id })
    .from(searchResults)
    .innerJoin(searches, eq(searches.id, searchResults.searchId))
    .where(and(eq(searchResults.id, id), eq(searches.userId, userId)));
  if (!owned) throw notFound('The result');
  await db
    .update(searchResults)
    .set({ isSaved, savedAt: isSaved ? now : null })
    .where(eq(searchResults.id, id));
}

export async function listSaved(db: Database, userId: number): Promise<SearchResultWithSearch[]> {
  const rows = await db
    .select(ownedColumns)
    .from(searchResults)
    .innerJoin(searches, eq(searches.id, searchResults.searchId))
    .where(and(eq(searches.userId, userId), eq(searchResults.isSaved, true)))
    .orderBy(desc(searchResults.savedAt), desc(searchResults.id))
    .limit(500);
  return rows.map(withSearch);
}
