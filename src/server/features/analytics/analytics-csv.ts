import { desc, eq } from 'drizzle-orm';
import type { AnalyticsDashboardDto } from '#shared/analytics/analytics.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searches } from '../../db/schema/index.ts';

// The analytics numbers as CSV (Pro and Enterprise). Every cell is quoted, and a cell a spreadsheet
// would run as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an
// apostrophe, so an exported query like "=HYPERLINK(…)" stays text (CSV injection, OWASP).

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: (string | number | boolean | null)[]): string {
  return cells.map(csvCell).join(',');
}

export const ANALYTICS_CSV_LIMIT = 5000;

export async function analyticsCsv(options: {
  db: Database;
  userId: number;
  dashboard: AnalyticsDashboardDto;
}): Promise<string> {
  const { db, userId, dashboard: d } = options;
  const lines = [csvLine(['section', 'key', 'value', 'extra'])];
  lines.push(csvLine(['totals', 'searches', d.totals.searches, null]));
  lines.push(csvLine(['totals', 'opportunities', d.totals.opportunities, null]));
  lines.push(csvLine(['totals', 'saved', d.totals.saved, null]));
  for (const m of d.searchesByMonth) lines.push(csvLine(['searches_by_month', m.month, m.searches, null]));
  for (const c of d.categories) lines.push(csvLine(['category', c.category, c.found, `saved ${c.saved}`]));
  for (const m of d.markets) lines.push(csvLine(['market', m.market, m.searches, null]));
  for (const b of d.scoreDistribution) lines.push(csvLine(['score_distribution', `${b.from}-${b.to}`, b.count, null]));
  const rows = await db
    .select({
      id: searches.id,
      query: searches.query,
      timestamp: searches.timestamp,
      resultsCount: searches.resultsCount,
      corpusVersion: searches.corpusVersion,
    })
    .from(searches)
    .where(eq(searches.userId, userId))
    .orderBy(desc(searches.timestamp))
    .limit(ANALYTICS_CSV_LIMIT);
  lines.push('');
  lines.push(csvLine(['search_id', 'date', 'query', 'opportunities', 'corpus_version']));
  for (const r of rows)
    lines.push(csvLine([r.id, r.timestamp.toISOString(), r.query, r.resultsCount, r.corpusVersion]));
  return `${lines.join('\r\n')}\r\n`;
}
