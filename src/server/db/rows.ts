/** Rows of a raw `db.execute(sql…)` result; both drivers return `{ rows }`. Map count(*) with Number(). */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
