import type { Citation } from '#shared/chat/chat.schemas.ts';
import type { Competitor, Evidence } from '#shared/engine/analysis.schemas.ts';
import { contentWords } from '../../engine/text/tokenize.ts';
import { numbersIn } from './grounding.logic.ts';
import type { AnalysisContext, ContextResult } from './analysis-context.types.ts';
import { formatScore, formatSize } from '#shared/app/score-format.ts';

// Retrieval over one analysis: every evidence row, competitor and score breakdown becomes an item
// with its words (the engine's tokenizer: stop words dropped, plurals folded); a question picks the
// items sharing the most of its words. Plain and deterministic: the same question, the same items.

export type Item = Citation & { resultId: number; words: Set<string>; result: ContextResult };

export const SCORE_LABELS = {
  opportunityScore: 'Opportunity score',
  innovationScore: 'Innovation score',
  marketSize: 'Market size score',
  feasibility: 'Feasibility score',
  confidenceScore: 'Confidence score',
  marketPotential: 'Market potential',
  priority: 'Priority',
} as const;
export type ScoreKey = keyof typeof SCORE_LABELS;

/** A value the note already states (e.g. 30790 in "$30,790") is not repeated. */
function isStated(note: string, value: Evidence['value']): boolean {
  if (value === null || String(value) === '') return true;
  return note.includes(String(value)) || (typeof value === 'number' && numbersIn(note).includes(String(value)));
}

export function evidenceText(e: Evidence): string {
  const value = isStated(e.note, e.value) ? '' : ` — ${e.value}`;
  return `${e.note}${value}${e.date ? ` (${e.date})` : ''}`;
}

export function competitorText(c: Competitor): string {
  const facts = [c.batch, c.status].filter(Boolean).join(', ');
  const match = c.match ? ` Matched sentence: “${c.match.sentence}”` : '';
  const line = `${c.name}${facts ? ` (${facts})` : ''}${c.oneLiner ? `: ${c.oneLiner}` : ''}`;
  return `${/[.!?…]$/.test(line) ? line : `${line}.`}${match}`;
}

/** A 0–100 score as every page shows it ("not sized" for an unsized market); potential and priority breakdowns keep their own value. */
export function breakdownScoreText(key: ScoreKey, score: number | null): string {
  if (score === null) return formatSize(score);
  return key === 'marketPotential' || key === 'priority' ? String(score) : formatScore(score);
}

export function scoreText(result: ContextResult, key: ScoreKey): string {
  const b = result.breakdown[key];
  const factors = b.factors
    .map((f) => `${f.label} = ${f.value} × weight ${f.weight} = ${f.contribution} (${f.explanation})`)
    .join('; ');
  return `${SCORE_LABELS[key]} of “${result.title}”: ${breakdownScoreText(key, b.score)}. Formula: ${b.formula}. Factors: ${factors}`;
}

function item(result: ContextResult, citation: Citation): Item {
  return {
    ...citation,
    resultId: result.id,
    result,
    words: new Set(contentWords(`${citation.label} ${citation.text}`)),
  };
}

export function evidenceItem(result: ContextResult, e: Evidence): Item {
  return item(result, { kind: 'evidence', ref: e.id, resultId: result.id, label: e.id, text: evidenceText(e) });
}

export function competitorItem(result: ContextResult, c: Competitor): Item {
  const ref = c.evidenceId ?? `competitor:${c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return item(result, { kind: 'competitor', ref, resultId: result.id, label: c.name, text: competitorText(c) });
}

export function scoreItem(result: ContextResult, key: ScoreKey): Item {
  return item(result, {
    kind: 'score',
    ref: `score:${result.id}:${key}`,
    resultId: result.id,
    label: `${SCORE_LABELS[key]}: ${result.title}`,
    text: scoreText(result, key),
  });
}

/** Every item of an analysis, once per ref (the same company can back several opportunities). */
export function itemsOf(context: AnalysisContext): Item[] {
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const result of context.results) {
    const all = [
      ...result.competitors.map((c) => competitorItem(result, c)),
      ...result.evidence.map((e) => evidenceItem(result, e)),
      ...(Object.keys(SCORE_LABELS) as ScoreKey[]).map((k) => scoreItem(result, k)),
    ];
    for (const it of all) {
      if (seen.has(it.ref)) continue;
      seen.add(it.ref);
      items.push(it);
    }
  }
  return items;
}

/** Words that name the analysis itself, not a topic in it. */
const GENERIC = new Set([
  'analysis',
  'opportunity',
  'opportunitie',
  'evidence',
  'tell',
  'know',
  'show',
  'say',
  'think',
]);

export function questionWords(question: string): string[] {
  return contentWords(question).filter((w) => !GENERIC.has(w));
}

/** The items sharing the most words with the question (ties: the analysis's own order), at most `limit`. */
export function retrieve(items: readonly Item[], words: readonly string[], limit: number): Item[] {
  return items
    .map((it, order) => ({ it, order, hits: words.filter((w) => it.words.has(w)).length }))
    .filter((s) => s.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.it);
}

/** The opportunity a question is about: the one whose title shares most of its words, else the first. */
export function focusResult(context: AnalysisContext, words: readonly string[]): ContextResult | undefined {
  let best = context.results[0];
  let bestHits = 0;
  for (const r of context.results) {
    const title = new Set(contentWords(r.title));
    const hits = words.filter((w) => title.has(w)).length;
    if (hits > bestHits) {
      best = r;
      bestHits = hits;
    }
  }
  return best;
}
