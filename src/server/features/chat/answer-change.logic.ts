import type { AnalysisContext } from './analysis-context.types.ts';
import { answer, noEvidence, type Answer } from './answer-parts.logic.ts';
import { scoreItem, type Item } from './retrieve.logic.ts';
import { formatScore } from '#shared/app/score-format.ts';

// "What changed?" between this analysis and the ones its conversation compares (variantIds, e.g. a
// re-run): opportunities that appeared, disappeared, or kept their title with another score.

const key = (title: string): string => title.trim().toLowerCase();
const score = (r: AnalysisContext['results'][number]): string => formatScore(r.breakdown.opportunityScore.score);

export function answerChange(context: AnalysisContext, variants: readonly AnalysisContext[]): Answer {
  const lines: string[] = [];
  const items: Item[] = [];
  for (const variant of variants) {
    lines.push(
      variants.length > 1 ? `Compared with another analysis it is linked to:` : 'Compared with the other analysis:',
    );
    const before = new Map(variant.results.map((r) => [key(r.title), r]));
    const now = new Map(context.results.map((r) => [key(r.title), r]));
    for (const [k, r] of now) {
      const old = before.get(k);
      const current = scoreItem(r, 'opportunityScore');
      items.push(current);
      if (!old) {
        lines.push(`- New here: “${r.title}” (opportunity score ${score(r)}) [${current.ref}]`);
        continue;
      }
      const previous = scoreItem(old, 'opportunityScore');
      items.push(previous);
      lines.push(
        score(old) === score(r)
          ? `- Unchanged: “${r.title}”, opportunity score ${score(r)} in both [${current.ref}] [${previous.ref}]`
          : `- “${r.title}”: opportunity score ${score(old)} before, ${score(r)} here [${previous.ref}] [${current.ref}]`,
      );
    }
    for (const [k, r] of before) {
      if (now.has(k)) continue;
      const gone = scoreItem(r, 'opportunityScore');
      items.push(gone);
      lines.push(`- Only in the other analysis: “${r.title}” (opportunity score ${score(r)}) [${gone.ref}]`);
    }
  }
  if (items.length === 0) return noEvidence('a comparison with an analysis that has opportunities');
  return answer(lines, items);
}
