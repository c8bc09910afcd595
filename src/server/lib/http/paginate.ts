import { and, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery, Page } from '#shared/api/list.schemas.ts';
import { AppError } from '../platform/app-error.ts';

// One way to answer a list request (docs/adding-a-feature.md): page numbers for screens, keyset
// cursors for API clients. The caller's query orders by the keyset columns (a unique last column,
// usually the id); paginate() asks it for one row more than the page to know whether there is a
// next page (a count would double the cost), and builds the cursor from the last row shown.

export type KeysetColumn<Row> = {
  column: AnyPgColumn;
  direction: 'asc' | 'desc';
  value: (row: Row) => Date | number | string;
};

export type PageWindow = {
  limit: number;
  offset: number;
  /** Rows after the cursor in the keyset order (cursor mode only). */
  after: SQL | undefined;
};

type CursorValue = { t: 'd'; v: string } | { t: 'n'; v: number } | { t: 's'; v: string };
type CursorPayload = { page: number; values: CursorValue[] };

const invalidCursor = () => new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { cursor: 'Invalid cursor' });

function encodeValue(value: Date | number | string): CursorValue {
  if (value instanceof Date) return { t: 'd', v: value.toISOString() };
  return typeof value === 'number' ? { t: 'n', v: value } : { t: 's', v: value };
}

function decodeValue(value: CursorValue): Date | number | string {
  return value.t === 'd' ? new Date(value.v) : value.v;
}

export function encodeCursor(payload: { page: number; values: (Date | number | string)[] }): string {
  const body: CursorPayload = { page: payload.page, values: payload.values.map(encodeValue) };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

function isCursorValue(value: unknown): value is CursorValue {
  if (typeof value !== 'object' || value === null || !('t' in value) || !('v' in value)) return false;
  if (value.t === 'n') return typeof value.v === 'number' && Number.isFinite(value.v);
  if (value.t === 'd') return typeof value.v === 'string' && !Number.isNaN(Date.parse(value.v));
  return value.t === 's' && typeof value.v === 'string';
}

export function decodeCursor(cursor: string, width: number): { page: number; values: (Date | number | string)[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof parsed !== 'object' || parsed === null || !('page' in parsed) || !('values' in parsed)) {
    throw invalidCursor();
  }
  const { page, values } = parsed;
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) throw invalidCursor();
  if (!Array.isArray(values) || values.length !== width || !values.every(isCursorValue)) throw invalidCursor();
  return { page, values: values.map(decodeValue) };
}

/** `(c1, c2, …) > (v1, v2, …)` in the keyset's own directions, as OR-ed prefixes. */
function afterCondition<Row>(keyset: KeysetColumn<Row>[], values: (Date | number | string)[]): SQL | undefined {
  const branches: SQL[] = [];
  for (let i = 0; i < keyset.length; i++) {
    const equalPrefix = keyset.slice(0, i).map((k, j) => eq(k.column, values[j]));
    const key = keyset[i];
    if (!key) continue;
    const beyond = key.direction === 'desc' ? lt(key.column, values[i]) : gt(key.column, values[i]);
    const branch = and(...equalPrefix, beyond);
    if (branch) branches.push(branch);
  }
  return or(...branches);
}

/** One page of a list, by page number or by cursor (a cursor wins). */
export async function paginate<Row>(options: {
  query: Pick<ListQuery, 'page' | 'pageSize' | 'cursor'>;
  keyset: KeysetColumn<Row>[];
  fetch: (window: PageWindow) => Promise<Row[]>;
}): Promise<Page<Row>> {
  const { query, keyset, fetch } = options;
  const { pageSize } = query;
  const cursor = query.cursor ? decodeCursor(query.cursor, keyset.length) : null;
  const page = cursor ? cursor.page : query.page;
  const rows = await fetch({
    limit: pageSize + 1,
    offset: cursor ? 0 : (page - 1) * pageSize,
    after: cursor ? afterCondition(keyset, cursor.values) : undefined,
  });
  const items = rows.slice(0, pageSize);
  const hasMore = rows.length > pageSize;
  const last = items.at(-1);
  const nextCursor =
    hasMore && last ? encodeCursor({ page: page + 1, values: keyset.map((k) => k.value(last)) }) : null;
  return { items, page, pageSize, hasMore, nextCursor };
}

/** The same page with its items mapped (rows → DTOs). */
export function mapPage<Row, Item>(page: Page<Row>, map: (row: Row) => Item): Page<Item> {
  return { ...page, items: page.items.map(map) };
}
