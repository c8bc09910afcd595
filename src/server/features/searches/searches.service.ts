import { and, count, desc, eq, getTableColumns, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { FREE_HISTORY_DAYS, PLANS } from '#shared/plans/plans.constants.ts';
import type { SearchDetail, SearchListPage, SearchListParams } from '#shared/searches/search.schemas.ts';
import type { Database } from '../../db/client.ts';
import { jsonObject, reviveDates, timestampKeys } from '../../db/json-rows.ts';
import { searchResults, searches, type SearchResultRow, type SearchRow, type UserRow } from '../../db/schema/index.ts';
import { accessible, accessibleRow } from '../../lib/access/policy.ts';
import { userPrincipal, type Permission, type Principal } from '../../lib/access/principal.ts';
import { searchResource } from '../../lib/access/resources.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { mapPage, paginate, type KeysetColumn, type PageWindow } from '../../lib/http/paginate.ts';
import { toSearchDetail, toSearchListItem } from './search.dto.ts';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Start of the history a plan may see (null = everything). */
function historyStart(user: UserRow, now: Date): Date | null {
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
  importedFrom: searches.importedFrom,
};
type ListRow = Pick<SearchRow, keyof typeof listColumns>;

const newestFirst: KeysetColumn<ListRow>[] = [
  { column: searches.timestamp, direction: 'desc', value: (r) => r.timestamp },
  { column: searches.id, direction: 'desc', value: (r) => r.id },
];

const LIST_TIMESTAMPS = timestampKeys(listColumns);
const SEARCH_COLUMNS = getTableColumns(searches);
const SEARCH_TIMESTAMPS = timestampKeys(SEARCH_COLUMNS);
const RESULT_COLUMNS = getTableColumns(searchResults);
const RESULT_TIMESTAMPS = timestampKeys(RESULT_COLUMNS);
// The analysis's results as one json array. Nested in its own SQL so that Drizzle keeps the table
// names on its columns (a single-table select drops them from its fields' top-level columns, and
// an unqualified "id" here would be the result's id).
const resultsOfSearch = sql`(select coalesce(json_agg(${jsonObject(RESULT_COLUMNS)} order by ${searchResults.rank}), '[]'::json) from ${searchResults} where ${searchResults.searchId} = ${searches.id})`;

function pageRows(db: Database) {
  return db
    .select(listColumns)
    .from(searches)
    .where(and(eq(searches.userId, sql.placeholder('userId')), gte(searches.timestamp, sql.placeholder('start'))))
    .orderBy(desc(searches.timestamp), desc(searches.id))
    .$dynamic();
}

/** A history page (the rows of `pageRows`, limited) as one json array, newest first (null: no row). */
function pageAsJson(db: Database, page: ReturnType<ReturnType<typeof pageRows>['as']>) {
  const keys = Object.keys(listColumns) as (keyof typeof listColumns)[];
  const columns = Object.fromEntries(keys.map((key) => [key, page[key]]));
  return db
    .select({
      rows: sql<
        Record<string, unknown>[] | null
      >`json_agg(${jsonObject(columns)} ${sql`order by ${page.timestamp} desc, ${page.id} desc`})`,
    })
    .from(page);
}

/** The unfiltered history page's statement (placeholders userId, start, limit and, with an offset, offset). */
export function historyPageQuery(db: Database, options: { withOffset: boolean }) {
  const limited = pageRows(db).limit(sql.placeholder('limit'));
  return pageAsJson(db, (options.withOffset ? limited.offset(sql.placeholder('offset')) : limited).as('page_rows'));
}

// The reads behind every history screen and analysis page, prepared once per database: building a
// Drizzle query, and PostgreSQL parsing and planning it, cost more than the database work here
// (npm run bench -- search).
function prepareReads(db: Database) {
  const userId = sql.placeholder('userId');
  const start = sql.placeholder('start');
  const id = sql.placeholder('id');
  return {
    // One analysis and its results in one round trip and one row (getSearchDetail): the analysis and
    // the array of its results as json (db/json-rows.ts). The owner condition is searchResource's
    // (ownedBy user_id), written with placeholders so PostgreSQL parses and plans it once per connection.
    detail: db
      .select({
        search: sql<Record<string, unknown>>`${jsonObject(SEARCH_COLUMNS)}`,
        results: sql<Record<string, unknown>[]>`${resultsOfSearch}`,
      })
      .from(searches)
      .where(and(eq(searches.id, id), eq(searches.userId, userId)))
      .prepare('search_detail'),
    // A history page in one json cell (db/json-rows.ts). The first page has no OFFSET: an OFFSET
    // parameter makes PostgreSQL's generic plan look costlier than a custom one (it cannot know the
    // offset is 0), so it planned the statement again on every execution (ADR 058).
    firstPage: historyPageQuery(db, { withOffset: false }).prepare('searches_list_first_page'),
    page: historyPageQuery(db, { withOffset: true }).prepare('searches_list_page'),
    hidden: db
      .select({ n: count() })
      .from(searches)
      .where(and(eq(searches.userId, userId), lt(searches.timestamp, start)))
      .prepare('searches_hidden_count'),
  };
}

const preparedByDb = new WeakMap<Database, ReturnType<typeof prepareReads>>();
function preparedReads(db: Database): ReturnType<typeof prepareReads> {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepareReads(db);
    preparedByDb.set(db, prepared);
  }
  return prepared;
}

type ListOptions = {
  db: Database;
  user: UserRow;
  now: Date;
  query: SearchListParams;
};

/**
 * History, newest first, within the plan's window. The unfiltered first pages (Recent Discoveries,
 * history) use prepared statements: building and mapping a Drizzle query costs more CPU than the
 * database work here. Free plans also get the count of searches the window hides.
 */
export async function listSearches({ db, user, now, query }: ListOptions): Promise<SearchListPage> {
  const start = historyStart(user, now);
  const isPlain = !query.q && !query.from && !query.to && query.favorites !== 'true' && !query.cursor;
  const startIso = (start ?? new Date(0)).toISOString();
  const fetch = async ({ limit, offset, after }: PageWindow): Promise<ListRow[]> => {
    if (isPlain) {
      const [row] = await (offset === 0
        ? preparedReads(db).firstPage.execute({ userId: user.id, start: startIso, limit })
        : preparedReads(db).page.execute({ userId: user.id, start: startIso, limit, offset }));
      return (row?.rows ?? []).map((r) => reviveDates<ListRow>(r, LIST_TIMESTAMPS));
    }
    const filtered: SQL[] = [accessible(searchResource, userPrincipal(user.id), 'read')];
    if (start) filtered.push(gte(searches.timestamp, start));
    if (query.q) filtered.push(ilike(searches.query, `%${escapeLike(query.q)}%`));
    if (query.from) filtered.push(gte(searches.timestamp, new Date(`${query.from}T00:00:00Z`)));
    if (query.to) filtered.push(lte(searches.timestamp, new Date(`${query.to}T23:59:59.999Z`)));
    if (query.favorites === 'true') filtered.push(eq(searches.isFavorite, true));
    return db
      .select(listColumns)
      .from(searches)
      .where(and(...filtered, after))
      .orderBy(desc(searches.timestamp), desc(searches.id))
      .limit(limit)
      .offset(offset);
  };
  const [page, hidden] = await Promise.all([
    paginate({ query, keyset: newestFirst, fetch }),
    start ? preparedReads(db).hidden.execute({ userId: user.id, start: startIso }) : Promise.resolve([{ n: 0 }]),
  ]);
  return {
    ...mapPage(page, toSearchListItem),
    hiddenOlderCount: Number(hidden[0]?.n ?? 0),
    historyDays: start ? FREE_HISTORY_DAYS : null,
  };
}

/** A search this principal may use this way, or 404 (never 403: other users' ids do not exist for them). */
export async function findSearch(options: {
  db: Database;
  principal: Principal;
  id: number;
  permission?: Permission;
}): Promise<SearchRow> {
  const { db, principal, id, permission = 'read' } = options;
  const [row] = await db
    .select()
    .from(searches)
    .where(accessibleRow(searchResource, id, principal, permission));
  if (!row) throw notFound(searchResource.label);
  return row;
}

export async function getSearchDetail(options: {
  db: Database;
  principal: Principal;
  id: number;
}): Promise<SearchDetail> {
  const [row] = await preparedReads(options.db).detail.execute({ id: options.id, userId: options.principal.userId });
  if (!row) throw notFound(searchResource.label);
  return toSearchDetail(
    reviveDates<SearchRow>(row.search, SEARCH_TIMESTAMPS),
    row.results.map((result) => reviveDates<SearchResultRow>(result, RESULT_TIMESTAMPS)),
  );
}

export async function setFavorite(options: {
  db: Database;
  principal: Principal;
  id: number;
  isFavorite: boolean;
}): Promise<void> {
  const { db, principal, id, isFavorite } = options;
  const rows = await db
    .update(searches)
    .set({ isFavorite })
    .where(accessibleRow(searchResource, id, principal, 'write'))
    .returning({ id: searches.id });
  if (rows.length === 0) throw notFound(searchResource.label);
}

export async function deleteSearch(options: { db: Database; principal: Principal; id: number }): Promise<void> {
  const { db, principal, id } = options;
  const rows = await db
    .delete(searches)
    .where(accessibleRow(searchResource, id, principal, 'delete'))
    .returning({ id: searches.id });
  if (rows.length === 0) throw notFound(searchResource.label);
}
