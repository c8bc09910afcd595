import { NO_EVIDENCE_ANSWER } from '#shared/chat/chat.constants.ts';
import type { AnalysisContext, ContextResult } from './analysis-context.ts';
import { INTENTS, unanswerableTopic } from './answer-topics.ts';
import { answerChange } from './answer-change.ts';
import { answer, bullet, noEvidence, type Answer } from './answer-parts.ts';
import {
  breakdownScoreText,
  competitorItem,
  evidenceItem,
  focusResult,
  itemsOf,
  questionWords,
  retrieve,
  SCORE_LABELS,
  scoreItem,
  type Item,
  type ScoreKey,
} from './retrieve.ts';

// The offline answer: templates filled with what retrieval found, each fact followed by its
// citation marker. Templates hold no digits, so every number in an answer is a number of the
// evidence it cites (grounding.test checks it over full-corpus analyses). The question itself is
// never echoed: it is untrusted text.

const GENERAL_WOULD_ANSWER = 'interviews with customers in this market, or a market research report on it';

function failures(context: AnalysisContext, asksWhy: boolean): Answer {
  const dead = context.results.flatMap((r) =>
    r.competitors.filter((c) => /inactive|dead|closed/i.test(c.status ?? '')).map((c) => competitorItem(r, c)),
  );
  const unique = [...new Map(dead.map((d) => [d.ref, d])).values()].slice(0, 5);
  if (unique.length === 0) {
    return noEvidence('the analysis lists no company that shut down; news coverage or founders’ post-mortems would');
  }
  const lines = ['These companies in the analysis are recorded as no longer active:', ...unique.map(bullet)];
  if (asksWhy) {
    lines.push(
      `${NO_EVIDENCE_ANSWER.replace('that', 'why they shut down')} The directory records the status, not the reason. What would answer it: the founders’ post-mortems, news coverage, or a conversation with a former founder.`,
    );
  }
  return answer(lines, unique);
}

function risks(context: AnalysisContext, focus: ContextResult): Answer {
  const items: Item[] = [];
  const lines: string[] = [];
  if (focus.riskFlags.length > 0) {
    const confidence = scoreItem(focus, 'confidenceScore');
    lines.push(`Risk flags the engine raised for “${focus.title}”: ${focus.riskFlags.join(', ')} [${confidence.ref}]`);
    items.push(confidence);
  }
  const dead = focus.competitors.filter((c) => /inactive/i.test(c.status ?? '')).map((c) => competitorItem(focus, c));
  if (dead.length > 0) {
    lines.push(
      'Companies here that are no longer active (a warning about timing or demand):',
      ...dead.slice(0, 3).map(bullet),
    );
    items.push(...dead.slice(0, 3));
  }
  if (items.length === 0) return noEvidence('a regulatory review for this market and interviews with people who tried');
  return answer(lines, items);
}

function competitors(context: AnalysisContext, words: string[], focus: ContextResult | undefined): Answer {
  const pool = (focus ? [focus] : context.results).flatMap((r) => r.competitors.map((c) => competitorItem(r, c)));
  const unique = [...new Map(pool.map((p) => [p.ref, p])).values()];
  const ranked = [...retrieve(unique, words, 5), ...unique].filter((v, i, all) => all.indexOf(v) === i).slice(0, 5);
  if (ranked.length === 0) {
    return noEvidence('a wider market scan: the analysis found no company serving this in its sources');
  }
  return answer(
    ['Companies the analysis found already serving this, with the sentence that matched:', ...ranked.map(bullet)],
    ranked,
  );
}

function scoreKeyOf(question: string): ScoreKey {
  const q = question.toLowerCase();
  if (/feasib/.test(q)) return 'feasibility';
  if (/innovat/.test(q)) return 'innovationScore';
  if (/market size|size/.test(q)) return 'marketSize';
  if (/confiden/.test(q)) return 'confidenceScore';
  if (/priority/.test(q)) return 'priority';
  if (/potential/.test(q)) return 'marketPotential';
  return 'opportunityScore';
}

function score(question: string, focus: ContextResult): Answer {
  const key = scoreKeyOf(question);
  const it = scoreItem(focus, key);
  const b = focus.breakdown[key];
  const lines = [
    `${SCORE_LABELS[key]} of “${focus.title}”: ${breakdownScoreText(key, b.score)} [${it.ref}]. Formula: ${b.formula}.`,
  ];
  const evidence: Item[] = [];
  for (const f of b.factors) {
    const cited = f.evidenceIds.slice(0, 3).flatMap((id) => {
      const e = focus.evidence.find((x) => x.id === id);
      return e ? [evidenceItem(focus, e)] : [];
    });
    evidence.push(...cited);
    lines.push(
      `- ${f.label}: ${f.value} × weight ${f.weight} = ${f.contribution}. ${f.explanation} ${cited.map((c) => `[${c.ref}]`).join(' ')}`.trimEnd(),
    );
  }
  return answer(lines, [it, ...evidence]);
}

function bySource(focus: ContextResult, pattern: RegExp, intro: string, wouldAnswer: string): Answer {
  const items = focus.evidence
    .filter((e) => pattern.test(e.id))
    .slice(0, 6)
    .map((e) => evidenceItem(focus, e));
  if (items.length === 0) return noEvidence(wouldAnswer);
  return answer([intro, ...items.map(bullet)], items);
}

/** The offline answer to one question about an analysis (and the analyses it is compared with). */
export function composeOffline(
  context: AnalysisContext,
  question: string,
  variants: readonly AnalysisContext[] = [],
): Answer {
  if (context.results.length === 0) {
    return noEvidence('a broader or differently worded search: this analysis stored no opportunities');
  }
  const q = question.toLowerCase();
  const words = questionWords(question);
  const topic = unanswerableTopic(q);
  if (INTENTS.change.test(q) && variants.length > 0) return answerChange(context, variants);
  if (INTENTS.failure.test(q)) return failures(context, /\bwhy\b/.test(q));
  if (topic) return noEvidence(topic.wouldAnswer);
  const focus = focusResult(context, words) ?? context.results[0]!;
  if (INTENTS.risk.test(q)) return risks(context, focus);
  if (INTENTS.competitors.test(q)) {
    const hasTitleWords = words.some((w) => focus.title.toLowerCase().includes(w));
    return competitors(context, words, hasTitleWords ? focus : undefined);
  }
  if (INTENTS.score.test(q) || /market size/.test(q)) return score(question, focus);
  if (INTENTS.demand.test(q)) {
    return bySource(
      focus,
      /^bls:/,
      `What the labour statistics say about the people this serves (“${focus.title}”):`,
      'employment statistics for this customer group, which the analysis did not match',
    );
  }
  if (INTENTS.tasks.test(q)) {
    return bySource(
      focus,
      /:task:/,
      `The jobs to be done the analysis matched for “${focus.title}” (from O*NET task statements):`,
      'interviews about the customer’s daily work',
    );
  }
  const found = retrieve(itemsOf(context), words, 4);
  if (found.length === 0) return noEvidence(GENERAL_WOULD_ANSWER);
  return answer(['What the analysis’s evidence says on that:', ...found.map(bullet)], found);
}
