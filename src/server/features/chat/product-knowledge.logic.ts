import type { Citation } from '#shared/chat/chat.schemas.ts';
import { PRICING_FAQ, PRICING_FAQ_REF_PREFIX } from '#shared/plans/plans-faq.ts';
import { contentWords } from '../../engine/text/tokenize.ts';
import { partLabel, type Answer } from './answer-parts.logic.ts';
import { questionParts } from './question-parts.logic.ts';

// What the assistant knows about the product (issue 29): the help articles, section by section, and
// the pricing FAQ (src/shared/plans/plans-faq.ts, the text /pricing shows). A question is matched to
// passages word by word (the engine's tokenizer), rarer words weighing more (idf) and words of a
// passage's heading — the FAQ question and the words visitors use for it, an article's title, tags
// and sub-heading — twice its body's, so "How do I cancel?" finds "Can I cancel?" before an article
// that mentions cancelling a search in passing. The answer quotes the passage's own lines.

export type Passage = {
  kind: 'article' | 'faq';
  ref: string;
  label: string;
  /** What the passage answers: the FAQ question, or the article's title and sub-heading. */
  heading: string;
  /** Its lines, as written (list items keep their "- "). */
  lines: string[];
  headWords: string[];
  bodyWords: string[];
  order: number;
};

type ArticleText = { slug: string; title: string; summary: string; content: string; tags: string[] };

function passage(p: Omit<Passage, 'headWords' | 'bodyWords'>, extraHead: string): Passage {
  return {
    ...p,
    headWords: contentWords(`${p.heading} ${extraHead}`),
    bodyWords: contentWords(p.lines.join(' ')),
  };
}

/** An article's sections: its summary and the text before the first "## ", then one per sub-heading. */
function articlePassages(a: ArticleText, order: number): Passage[] {
  const sections: { heading: string; lines: string[] }[] = [{ heading: a.title, lines: [a.summary] }];
  for (const line of a.content.split('\n')) {
    const text = line.trim();
    if (text.startsWith('## ')) sections.push({ heading: `${a.title}: ${text.slice(3)}`, lines: [] });
    else if (text) sections.at(-1)?.lines.push(text);
  }
  return sections.map((s, i) =>
    passage(
      { kind: 'article', ref: a.slug, label: a.title, heading: s.heading, lines: s.lines, order: order * 100 + i },
      a.tags.join(' '),
    ),
  );
}

function faqPassages(): Passage[] {
  return PRICING_FAQ.map((f, i) =>
    passage(
      {
        kind: 'faq',
        ref: `${PRICING_FAQ_REF_PREFIX}${f.id}`,
        label: `Pricing FAQ: ${f.question}`,
        heading: f.question,
        lines: [f.answer],
        order: i,
      },
      f.asks.join(' '),
    ),
  );
}

/** Every passage the assistant may answer a product question from: the pricing FAQ, then the help articles. */
export function productPassages(articles: readonly ArticleText[]): Passage[] {
  return [...faqPassages(), ...articles.flatMap((a, i) => articlePassages(a, PRICING_FAQ.length + i))];
}

/** "cancel" matches "cancelled" and "cancellation": a shared start of five letters or more. */
function matches(word: string, other: string): boolean {
  if (word === other) return true;
  const [short, long] = word.length < other.length ? [word, other] : [other, word];
  return short.length >= 5 && long.startsWith(short);
}

const has = (words: readonly string[], w: string) => words.some((x) => matches(w, x));

/** Passages sharing words with the question, best first (ties: the FAQ, then the articles' order). */
export function rankPassages(passages: readonly Passage[], question: string): { passage: Passage; score: number }[] {
  const words = contentWords(question);
  const idf = (w: string) => {
    const df = passages.filter((p) => has(p.headWords, w) || has(p.bodyWords, w)).length;
    return df === 0 ? 0 : Math.log(1 + passages.length / df);
  };
  const weights = new Map(words.map((w) => [w, idf(w)]));
  return passages
    .map((p) => ({
      passage: p,
      score: words.reduce(
        (sum, w) => sum + (weights.get(w) ?? 0) * (2 * Number(has(p.headWords, w)) + Number(has(p.bodyWords, w))),
        0,
      ),
    }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.passage.order - b.passage.order);
}

/** The lines of a passage to quote: those sharing the question's words (at most three), else its first. */
function quotedLines(p: Passage, question: string): string[] {
  const words = contentWords(question);
  const hit = p.lines.filter((l) => words.some((w) => has(contentWords(l), w)));
  return (hit.length > 0 ? hit : p.lines).slice(0, 3);
}

export const NO_PRODUCT_ANSWER =
  'The help articles and the pricing FAQ have nothing on that. What would answer it: the full list on the Help page, or a message through the Contact page.';

/** A second passage is quoted only when it matches at least half as well as the first. */
const SECOND_PASSAGE_RATIO = 0.5;

const sourceName = (p: Passage) => (p.kind === 'faq' ? 'the pricing FAQ' : `the help article “${p.label}”`);

/** The answer to a product question from its best passages, or null when no passage shares a word with it. */
export function answerProduct(passages: readonly Passage[], question: string): Answer | null {
  const ranked = rankPassages(passages, question);
  const top = ranked[0];
  if (!top) return null;
  const chosen = [top.passage];
  const second = ranked.find((r) => r.passage.ref !== top.passage.ref);
  if (second && second.score >= top.score * SECOND_PASSAGE_RATIO) chosen.push(second.passage);
  const lines = chosen.flatMap((p) => [
    `From ${sourceName(p)}${p.heading === p.label ? '' : ` (${p.heading.replace(`${p.label}: `, '')})`}:`,
    ...quotedLines(p, question).map((l, i, all) => (i === all.length - 1 ? `${l} [${p.ref}]` : l)),
  ]);
  const citations: Citation[] = chosen.map((p) => ({
    kind: p.kind,
    ref: p.ref,
    resultId: null,
    label: p.label,
    text: `${p.heading} ${p.lines.join(' ')}`,
  }));
  return { content: lines.join('\n'), citations };
}

/** A product question part by part (signed out or away from an analysis: no evidence to reject premises against). */
export function answerProductQuestion(passages: readonly Passage[], question: string): Answer | null {
  const parts = questionParts(question);
  if (parts.length === 1) return answerProduct(passages, question);
  const answers = parts.map((p) => answerProduct(passages, p));
  if (answers.every((a) => a === null)) return null;
  const lines = answers.flatMap((a, i) => [partLabel(i), ...(a?.content ?? NO_PRODUCT_ANSWER).split('\n')]);
  const citations = [...new Map(answers.flatMap((a) => a?.citations ?? []).map((c) => [c.ref, c])).values()];
  return { content: lines.join('\n'), citations };
}
