import type { AnswerPlan } from './answer-offline.logic.ts';
import { partLabel } from './answer-parts.logic.ts';
import { hasPhrase, normalised } from './phrase-match.logic.ts';
import PREMISES from './words/premises.json' with { type: 'json' };

// What a model's answer must do besides being grounded (issue 29): say that a false premise is false,
// citing the evidence that shows it, and answer every part of a compound question — each part with
// at least one of its own refs, or "no evidence" for a part the analysis cannot answer. An answer that
// does not is replaced by the offline one, which does both by construction.

const cites = (text: string, refs: readonly string[]) => refs.some((r) => text.includes(`[${r}]`));

/** Whether the text says that something is false (words/premises.json `rejections`). */
export function saysFalse(text: string): boolean {
  return hasPhrase(text, PREMISES.rejections);
}

/** The false premises the answer does not reject with their evidence (empty = all rejected). */
export function unrejectedPremises(text: string, plan: AnswerPlan): string[] {
  return plan.premises
    .filter((p) => !saysFalse(text) || (p.refs.length > 0 && !cites(text, p.refs)))
    .map((p) => `the premise about ${p.kind === 'figure' ? 'a figure' : 'the companies'}`);
}

/** The parts of a compound question the answer leaves out (empty = every part answered). */
export function unansweredParts(text: string, plan: AnswerPlan): string[] {
  if (plan.parts.length < 2) return [];
  const saysNoEvidence = normalised(text).includes(' no evidence ');
  return plan.parts
    .map((p, i) => ({
      p,
      label: partLabel(i)
        .replace(/ of the question:$/, '')
        .toLowerCase(),
    }))
    .filter(({ p }) => (p.refs.length > 0 ? !cites(text, p.refs) : !saysNoEvidence))
    .map(({ label }) => label);
}
