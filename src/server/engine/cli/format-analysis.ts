import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import { deriveMarketMap, MAP_TABLE_HEADERS, mapSummary, mapTableRows } from '#shared/engine/market-map.ts';

// A readable, fixed-width rendering of an analysis for the terminal.

function pad(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

export function formatAnalysis(a: GapAnalysis): string {
  const lines: string[] = [];
  lines.push(`Query: ${a.query}`);
  lines.push(
    `Status: ${a.status}   engine: ${a.engine} (${a.composer.mode})   corpus: ${a.corpus.kind} ${a.corpus.version}   rubric: ${a.rubricVersion}`,
  );
  lines.push(
    `Retrieval: ${a.retrieval.semantic ? 'meaning (sentence vectors) + words' : 'words only'}${a.retrieval.note ? ` — ${a.retrieval.note}` : ''}`,
  );
  lines.push(
    `Facets: offering [${a.facets.offering.join(', ')}] × segment [${a.facets.segment.join(', ')}]${a.facets.keywords.length ? ` + keywords [${a.facets.keywords.join(', ')}]` : ''}`,
  );
  if (a.reason) lines.push(`Reason: ${a.reason}`);
  for (const w of a.warnings) lines.push(`Warning: ${w}`);
  if (a.opportunities.length === 0) return lines.join('\n');
  lines.push('');
  lines.push(
    `${pad('#', 3)}${pad('Opportunity', 46)}${pad('Category', 14)}${pad('Opp', 6)}${pad('Innov', 6)}${pad('Size', 6)}${pad('Feas', 6)}${pad('Conf', 6)}${pad('Potential', 11)}Priority`,
  );
  for (const o of a.opportunities) {
    lines.push(
      `${pad(String(o.rank), 3)}${pad(o.title, 46)}${pad(o.category, 14)}${pad(String(Math.round(o.opportunityScore)), 6)}${pad(String(o.innovationScore), 6)}${pad(o.marketSize === null ? '—' : String(o.marketSize), 6)}${pad(String(o.feasibility), 6)}${pad(String(o.confidenceScore), 6)}${pad(o.marketPotential, 11)}${o.priority}`,
    );
  }
  for (const o of a.opportunities) {
    lines.push('');
    lines.push(`${o.rank}. ${o.title}`);
    lines.push(`   ${o.description}`);
    lines.push(`   Gap: ${o.gapReason}`);
    if (o.competitors.length === 0) lines.push('   Competitors: none in the directory passed the relevance bar');
    for (const c of o.competitors)
      lines.push(
        `   - ${c.name}${c.status ? ` [${c.status}${c.batch ? `, ${c.batch}` : ''}]` : ''}${c.match ? `: "${c.match.sentence}"${c.match.words.length ? ` (words: ${c.match.words.join(', ')})` : ' (by meaning)'}` : ''}`,
      );
    const roles = o.evidence.filter((e) => e.id.endsWith(':role'));
    for (const r of roles) lines.push(`   Demand: ${r.note}`);
    const size = o.evidence.filter((e) => e.id.startsWith('bls:') && e.id.endsWith(':employment'));
    if (size.length) lines.push(`   Employment: ${size.map((e) => e.note).join(' | ')}`);
    const tasks = o.evidence.filter((e) => e.id.includes(':task:'));
    for (const t of tasks) lines.push(`   Job (O*NET task): ${String(t.value)}`);
    const incumbents = o.evidence.filter((e) => e.id.includes(':tech:'));
    if (incumbents.length)
      lines.push(`   Software already used in this work (O*NET): ${incumbents.map((e) => String(e.value)).join(', ')}`);
    lines.push(
      `   Scores: ${Object.entries(o.breakdown)
        .map(([k, b]) => `${k}=${b.score}`)
        .join(', ')}`,
    );
  }
  return lines.join('\n');
}

/** The analysis's market map (shared/engine/market-map.ts) as a table: one segment × job pair a line. */
export function formatMarketMap(a: GapAnalysis): string {
  if (a.opportunities.length === 0) return 'Market map: no opportunity was scored.';
  const map = deriveMarketMap(a.opportunities);
  const rows = [[...MAP_TABLE_HEADERS], ...mapTableRows(map)];
  const widths = MAP_TABLE_HEADERS.map((_, i) => Math.min(48, Math.max(...rows.map((r) => (r[i] ?? '').length))));
  return [
    `Market map: ${mapSummary(map)}`,
    ...rows.map((r) =>
      widths
        .map((w, i) => pad(r[i] ?? '', w + 2))
        .join('')
        .trimEnd(),
    ),
  ].join('\n');
}
