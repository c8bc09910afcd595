import { desc, eq } from 'drizzle-orm';
import type { AnalyticsDashboardDto } from '#shared/analytics/analytics.schemas.ts';
import type { Database } from '../../db/client.ts';
import { searches } from '../../db/schema/index.ts';
import { csvFile, type CsvCell } from '../../lib/platform/csv.ts';
import type { FileDownload } from '../../lib/http/file-response.ts';

// The analytics numbers as CSV (Pro and Enterprise), through lib/platform/csv.ts: a section of totals and
// distributions, an empty line, then one line per search (a query like "=HYPERLINK(…)" stays text).

export const ANALYTICS_CSV_LIMIT = 5000;

export async function analyticsCsv(options: {
  db: Database;
  userId: number;
  dashboard: AnalyticsDashboardDto;
}): Promise<FileDownload> {
  const { db, userId, dashboard: d } = options;
  const lines: CsvCell[][] = [
    ['totals', 'searches', d.totals.searches, null],
    ['totals', 'opportunities', d.totals.opportunities, null],
    ['totals', 'saved', d.totals.saved, null],
  ];
  for (const m of d.searchesByMonth) lines.push(['searches_by_month', m.month, m.searches, null]);
  for (const c of d.categories) lines.push(['category', c.category, c.found, `saved ${c.saved}`]);
  for (const m of d.markets) lines.push(['market', m.query, m.searches, null]);
  for (const b of d.scoreDistribution) lines.push(['score_distribution', `${b.from}-${b.to}`, b.count, null]);
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
  lines.push([]);
  lines.push(['search_id', 'date', 'query', 'opportunities', 'corpus_version']);
  for (const r of rows) lines.push([r.id, r.timestamp.toISOString(), r.query, r.resultsCount, r.corpusVersion]);
  return csvFile('unbuilt-analytics.csv', ['section', 'key', 'value', 'extra'], lines);
}
