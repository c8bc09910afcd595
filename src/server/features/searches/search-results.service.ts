import { and, desc, eq } from 'drizzle-orm';
import type { ListQuery } from '#shared/api/list.schemas.ts';
import type { SavedResultsPage, SearchResultWithSearch } from '#shared/searches/search.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searchResults, searches, type SearchResultRow } from '../../db/schema/index.ts';
import { accessible, accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { searchResultResource } from '../../lib/access/resources.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import { mapPage, paginate, type KeysetColumn } from '../../lib/http/paginate.ts';
import { toSearchResultDto } from './search.dto.ts';

type ResultWithSearchRow = { result: SearchResultRow; searchId: number; query: string; timestamp: Date };

function withSearch(row: ResultWithSearchRow): SearchResultWithSearch {
  return {
    ...toSearchResultDto(row.result),
    search: { id: row.searchId, query: row.query, timestamp: row.timestamp.toISOString() },
  };
}

const withSearchColumns = {
  result: searchResults,
  searchId: searches.id,
  query: searches.query,
  timestamp: searches.timestamp,
};

export async function getResult(options: {
  db: Database;
  principal: Principal;
  id: number;
}): Promise<SearchResultWithSearch> {
  const { db, principal, id } = options;
  const [row] = await db
    .select(withSearchColumns)
    .from(searchResults)
    .innerJoin(searches, eq(searches.id, searchResults.searchId))
    .where(accessibleRow(searchResultResource, id, principal, 'read'));
  if (!row) throw notFound(searchResultResource.label);
  return withSearch(row);
}

export async function setSaved(options: {
  db: Database;
  principal: Principal;
  id: number;
  isSaved: boolean;
  now: Date;
}): Promise<void> {
  const { db, principal, id, isSaved, now } = options;
  const rows = await db
    .update(searchResults)
    .set({ isSaved, savedAt: isSaved ? now : null })
    .where(accessibleRow(searchResultResource, id, principal, 'write'))
    .returning({ id: searchResults.id });
  if (rows.length === 0) throw notFound(searchResultResource.label);
}

const lastSavedFirst: KeysetColumn<ResultWithSearchRow>[] = [
  { column: searchResults.savedAt, direction: 'desc', value: (r) => r.result.savedAt ?? new Date(0) },
  { column: searchResults.id, direction: 'desc', value: (r) => r.result.id },
];

/** The saved results, most recently saved first, a page at a time. */
export async function listSaved(options: {
  db: Database;
  principal: Principal;
  query: ListQuery;
}): Promise<SavedResultsPage> {
  const { db, principal, query } = options;
  const page = await paginate({
    query,
    keyset: lastSavedFirst,
    fetch: ({ limit, offset, after }) =>
      db
        .select(withSearchColumns)
        .from(searchResults)
        .innerJoin(searches, eq(searches.id, searchResults.searchId))
        .where(and(accessible(searchResultResource, principal, 'read'), eq(searchResults.isSaved, true), after))
        .orderBy(desc(searchResults.savedAt), desc(searchResults.id))
        .limit(limit)
        .offset(offset),
  });
  return mapPage(page, withSearch);
}
