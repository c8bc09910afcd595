import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';

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
    `Retrieval: ${a.retrieval.semantic ? 'hybrid (BM25 + sentence vectors)' : 'lexical only'}${a.retrieval.note ? ` — ${a.retrieval.note}` : ''}`,
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
      `${pad(String(o.rank), 3)}${pad(o.title, 46)}${pad(o.category, 14)}${pad(o.opportunityScore.toFixed(1), 6)}${pad(String(o.innovationScore), 6)}${pad(String(o.marketSize), 6)}${pad(String(o.feasibility), 6)}${pad(String(o.confidenceScore), 6)}${pad(o.marketPotential, 11)}${o.priority}`,
    );
  }
  for (const o of a.opportunities) {
    lines.push('');
    lines.push(`${o.rank}. ${o.title}`);
    lines.push(`   ${o.description}`);
    lines.push(`   Gap: ${o.gapReason}`);
    lines.push(
      `   Competitors: ${o.competitors.map((c) => `${c.name}${c.status ? ` [${c.status}${c.batch ? `, ${c.batch}` : ''}]` : ''}${c.verified ? '' : ' (unverified)'}`).join('; ') || 'none found in the data'}`,
    );
    const demand = o.evidence.filter((e) => e.id.startsWith('bls:'));
    if (demand.length) lines.push(`   Demand: ${demand.map((e) => `${e.note} [${e.source}]`).join(' | ')}`);
    lines.push(
      `   Scores: ${Object.entries(o.breakdown)
        .map(([k, b]) => `${k}=${b.score}`)
        .join(', ')}`,
    );
  }
  return lines.join('\n');
}
