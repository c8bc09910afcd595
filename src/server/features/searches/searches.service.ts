import { and, asc, count, desc, eq, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import { FREE_HISTORY_DAYS, PLANS } from '#shared/plans/plans.constants.ts';
import type { SearchDetail, SearchListPage, SearchListQuery } from '#shared/searches/search.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searchResults, searches, type SearchRow, type UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { effectivePlan } from '../../lib/effective-plan.ts';
import { toSearchDetail, toSearchListItem } from './search-dto.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Start of the history a plan may see (null = everything). */
export function historyStart(user: UserRow, now: Date): Date | null {
  const days = PLANS[effectivePlan(user, now)].historyDays;
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

const listColumns = {
  id: searches.id,
  query: searches.query,
  timestamp: searches.timestamp,
  resultsCount: searches.resultsCount,
  isFavorite: searches.isFavorite,
  status: searches.status,
};

function prepareList(db: Database) {
  const userId = sql.placeholder('userId');
  const start = sql.placeholder('start');
  return {
    page: db
      .select(listColumns)
      .from(searches)
      .where(and(eq(searches.userId, userId), gte(searches.timestamp, start)))
      .orderBy(desc(searches.timestamp), desc(searches.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('searches_list_page'),
    hidden: db
      .select({ n: count() })
      .from(searches)
      .where(and(eq(searches.userId, userId), lt(searches.timestamp, start)))
      .prepare('searches_hidden_count'),
  };
}

const preparedByDb = new WeakMap<Database, ReturnType<typeof prepareList>>();
function preparedList(db: Database): ReturnType<typeof prepareList> {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepareList(db);
    preparedByDb.set(db, prepared);
  }
  return prepared;
}

export async function listSearches(options: {
  db: Database;
  user: UserRow;
  now: Date;
  query: {
    page: number;
    pageSize: number;
    q?: string;
    from?: string;
    to?: string;
    favorites?: SearchListQuery['favorites'];
  };
}): Promise<SearchListPage> {
  const { db, user, now, query } = options;
  const start = historyStart(user, now);
  const filtered: SQL[] = [eq(searches.userId, user.id)];
  if (start) filtered.push(gte(searches.timestamp, start));
  if (query.q) filtered.push(ilike(searches.query, `%${escapeLike(query.q)}%`));
  if (query.from) filtered.push(gte(searches.timestamp, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filtered.push(lte(searches.timestamp, new Date(`${query.to}T23:59:59.999Z`)));
  if (query.favorites === 'true') filtered.push(eq(searches.isFavorite, true));

  // One query for the page (one row more than asked says whether there is a next page; a count
  // would double the cost on PGlite); a second, for free plans only, for the hidden count.
  // The unfiltered list (Recent Discoveries, the first history page) uses prepared statements:
  // building and mapping a Drizzle query costs more CPU than the database work here.
  const isPlain = !query.q && !query.from && !query.to && query.favorites !== 'true';
  const prepared = isPlain ? preparedList(db) : null;
  const page = {
    userId: user.id,
    start: (start ?? new Date(0)).toISOString(),
    limit: query.pageSize + 1,
    offset: (query.page - 1) * query.pageSize,
  };
  const [rows, hidden] = await Promise.all([
    prepared
      ? prepared.page.execute(page)
      : db
          .select(listColumns)
          .from(searches)
          .where(and(...filtered))
          .orderBy(desc(searches.timestamp), desc(searches.id))
          .limit(page.limit)
          .offset(page.offset),
    start ? preparedList(db).hidden.execute(page) : Promise.resolve([{ n: 0 }]),
  ]);
  return {
    items: rows.slice(0, query.pageSize).map(toSearchListItem),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
    hiddenOlderCount: Number(hidden[0]?.n ?? 0),
    historyDays: start ? FREE_HISTORY_DAYS : null,
  };
}

/** The user's own search, or 404 (never 403: another user's ids do not exist for this user). */
export async function ownSearch(db: Database, userId: number, id: number): Promise<SearchRow> {
  const [row] = await db
    .select()
    .from(searches)
    .where(and(eq(searches.id, id), eq(searches.userId, userId)));
  if (!row) throw notFound('The search');
  return row;
}

export async function getSearchDetail(db: Database, userId: number, id: number): Promise<SearchDetail> {
  const search = await ownSearch(db, userId, id);
  const results = await db
    .select()
    .from(searchResults)
    .where(eq(searchResults.searchId, id))
    .orderBy(asc(searchResults.rank));
  return toSearchDetail(search, results);
}

export async function setFavorite(db: Database, userId: number, id: number, isFavorite: boolean): Promise<void> {
  const rows = await db
    .update(searches)
    .set({ isFavorite })
    .where(and(eq(searches.id, id), eq(searches.userId, userId)))
    .returning({ id: searches.id });
  if (rows.length === 0) throw notFound('The search');
}

export async function deleteSearch(db: Database, userId: number, id: number): Promise<void> {
  const rows = await db
    .delete(searches)
    .where(and(eq(searches.id, id), eq(searches.userId, userId)))
    .returning({ id: searches.id });
  if (rows.length === 0) throw notFound('The search');
}
