import { NO_EVIDENCE_ANSWER } from '#shared/chat/chat.constants.ts';
import type { Citation } from '#shared/chat/chat.schemas.ts';
import type { AnalysisContext, ContextResult } from './analysis-context.types.ts';
import { INTENTS, unanswerableTopic } from './answer-topics.logic.ts';
import { answerChange } from './answer-change.logic.ts';
import { answer, bullet, noEvidence, partLabel, type Answer } from './answer-parts.logic.ts';
import { rejectPremises, type PremiseKind } from './premises.logic.ts';
import { answerProduct, NO_PRODUCT_ANSWER, type Passage } from './product-knowledge.logic.ts';
import { isProductQuestion } from './product-question.logic.ts';
import { questionParts } from './question-parts.logic.ts';
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
} from './retrieve.logic.ts';

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

type Topic =
  'change' | 'failures' | 'none' | 'risks' | 'competitors' | 'score' | 'demand' | 'tasks' | 'general' | 'product';
type PartAnswer = Answer & { topic: Topic };

/** The answer to one part of a question (a whole question when it has one part). */
function answerPart(
  context: AnalysisContext,
  question: string,
  variants: readonly AnalysisContext[],
  product: readonly Passage[] | undefined,
): PartAnswer {
  const q = question.toLowerCase();
  const words = questionWords(question);
  if (product && isProductQuestion(question)) {
    const found = answerProduct(product, question);
    return { topic: 'product', ...(found ?? { content: NO_PRODUCT_ANSWER, citations: [] }) };
  }
  const topic = unanswerableTopic(q);
  if (INTENTS.change.test(q) && variants.length > 0) return { topic: 'change', ...answerChange(context, variants) };
  if (INTENTS.failure.test(q)) return { topic: 'failures', ...failures(context, /\bwhy\b/.test(q)) };
  if (topic) return { topic: 'none', ...noEvidence(topic.wouldAnswer) };
  const focus = focusResult(context, words) ?? context.results[0]!;
  if (INTENTS.risk.test(q)) return { topic: 'risks', ...risks(context, focus) };
  if (INTENTS.competitors.test(q)) {
    const hasTitleWords = words.some((w) => focus.title.toLowerCase().includes(w));
    return { topic: 'competitors', ...competitors(context, words, hasTitleWords ? focus : undefined) };
  }
  if (INTENTS.score.test(q) || /market size/.test(q)) return { topic: 'score', ...score(question, focus) };
  if (INTENTS.demand.test(q)) {
    return {
      topic: 'demand',
      ...bySource(
        focus,
        /^bls:/,
        `What the labour statistics say about the people this serves (“${focus.title}”):`,
        'employment statistics for this customer group, which the analysis did not match',
      ),
    };
  }
  if (INTENTS.tasks.test(q)) {
    return {
      topic: 'tasks',
      ...bySource(
        focus,
        /:task:/,
        `The jobs to be done the analysis matched for “${focus.title}” (from O*NET task statements):`,
        'interviews about the customer’s daily work',
      ),
    };
  }
  const found = retrieve(itemsOf(context), words, 4);
  if (found.length === 0) return { topic: 'none', ...noEvidence(GENERAL_WOULD_ANSWER) };
  return { topic: 'general', ...answer(['What the analysis’s evidence says on that:', ...found.map(bullet)], found) };
}

/** What the answer covers, part by part, for the model's prompt and its check (answer-llm.provider.ts). */
export type AnswerPlan = {
  parts: { refs: string[]; answered: boolean }[];
  premises: { kind: PremiseKind; refs: string[] }[];
};
export type OfflineAnswer = Answer & { plan: AnswerPlan };

/** Rejecting a claim about companies lists them: a part asking for the companies is answered by it. */
const COMPANY_CLAIMS: ReadonlySet<PremiseKind> = new Set(['noCompanies', 'nobodyTried', 'companyCount']);
const COMPANY_TOPICS: ReadonlySet<Topic> = new Set(['competitors', 'failures']);

/** Anything about the system or other people: refused even when phrased as the user's own question. */
const ABOUT_OTHERS =
  /\b(system prompt|instructions?|api key|other users?|everyone else|someone else|database|admin)\b|[\w.+-]+@[\w-]+\.\w+/i;

/**
 * "How do I reset my password?" is a question about the user's own account that the help articles
 * answer; the off-limits rule (passwords, e-mail addresses) is for the system's and other people's.
 */
function isOwnAccountQuestion(question: string, product: readonly Passage[] | undefined): boolean {
  return product !== undefined && isProductQuestion(question) && !ABOUT_OTHERS.test(question);
}

/**
 * The offline answer to a question about an analysis (and the analyses it is compared with): a
 * compound question part by part, each part's false premises rejected first with their evidence,
 * product questions from the pricing FAQ and help articles when they are given.
 */
export function composeOffline(
  context: AnalysisContext,
  question: string,
  variants: readonly AnalysisContext[] = [],
  product?: readonly Passage[],
): OfflineAnswer {
  if (context.results.length === 0) {
    const none = noEvidence('a broader or differently worded search: this analysis stored no opportunities');
    return { ...none, plan: { parts: [{ refs: [], answered: false }], premises: [] } };
  }
  const offLimits = unanswerableTopic(question.toLowerCase());
  if (offLimits?.isOffLimits && !isOwnAccountQuestion(question, product)) {
    return { ...noEvidence(offLimits.wouldAnswer), plan: { parts: [{ refs: [], answered: false }], premises: [] } };
  }
  const parts = questionParts(question);
  const plan: AnswerPlan = { parts: [], premises: [] };
  const lines: string[] = [];
  const cited: Citation[] = [];
  const replies: string[] = [];
  parts.forEach((part, i) => {
    const rejections = product && isProductQuestion(part) ? [] : rejectPremises(context, part);
    const reply = answerPart(context, part, variants, product);
    const isAnsweredByRejection =
      rejections.some((r) => COMPANY_CLAIMS.has(r.kind) && r.citations.length > 0) && COMPANY_TOPICS.has(reply.topic);
    const isRepeat = i > 0 && reply.citations.length > 0 && replies.includes(reply.content);
    replies.push(reply.content);
    const shown = isRepeat
      ? { ...reply, content: 'The evidence quoted for the part above answers this part too.' }
      : reply;
    const sections = isAnsweredByRejection ? rejections : [...rejections, shown];
    if (parts.length > 1) lines.push(partLabel(i));
    for (const sec of sections) lines.push(...sec.content.split('\n'));
    const refs = sections.flatMap((sec) => sec.citations.map((c) => c.ref));
    cited.push(...sections.flatMap((sec) => sec.citations));
    plan.parts.push({ refs: [...new Set(refs)], answered: refs.length > 0 });
    plan.premises.push(...rejections.map((r) => ({ kind: r.kind, refs: r.citations.map((c) => c.ref) })));
  });
  const citations = [...new Map(cited.map((c) => [c.ref, c])).values()];
  return { content: lines.join('\n'), citations, plan };
}
