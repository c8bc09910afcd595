import type { AnalysisContext } from './analysis-context.types.ts';
import { answer, bullet, type Answer } from './answer-parts.logic.ts';
import { COUNTED_COMPANIES, countValue, numbersIn } from './grounding.logic.ts';
import { phraseAt } from './phrase-match.logic.ts';
import { competitorItem, itemsOf, questionWords, retrieve, type Item } from './retrieve.logic.ts';
import PREMISES from './words/premises.json' with { type: 'json' };

// False premises (issue 29): a question that takes for granted something the analysis's evidence
// contradicts — nobody serves this, nobody has tried, "only two competitors", a figure the evidence
// does not hold — is told so first, with the evidence that shows it, before its question is answered.
// Which phrasings are claims is data (words/premises.json, with examples and counter-examples).

export type PremiseKind = 'noCompanies' | 'nobodyTried' | 'companyCount' | 'figure';
export type Claim = { kind: PremiseKind; value?: number };
export type Rejection = Answer & { kind: PremiseKind };

const NUMBER = /\d+(?:,\d{3})*(?:\.\d+)?/g;

function figuresIn(question: string, counts: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (const m of question.matchAll(NUMBER)) {
    const raw = m[0];
    const at = m.index;
    const value = Number(raw.replace(/,/g, ''));
    const isMoney = question.slice(Math.max(0, at - 1), at) === '$';
    const isYear = /^\d{4}$/.test(raw) && value >= 1900 && value <= 2100;
    const isPercent = /^\s*(?:%|percent\b|per cent\b)/i.test(question.slice(at + raw.length));
    if (isMoney || isYear || counts.has(value)) continue;
    if (value >= PREMISES.minimumFigure || isPercent) out.push(value);
  }
  return out;
}

/** The claims a question makes, whatever the analysis says (a phrase after an "asker" such as "which" is a question, not a claim). */
export function claimsIn(question: string): Claim[] {
  const asker = phraseAt(question, PREMISES.askers);
  const claims: Claim[] = [];
  for (const kind of ['noCompanies', 'nobodyTried'] as const) {
    const at = phraseAt(question, PREMISES[kind]);
    if (at >= 0 && !(asker >= 0 && asker < at)) claims.push({ kind });
  }
  const counts = new Set<number>();
  for (const m of question.matchAll(COUNTED_COMPANIES)) {
    const n = countValue(m[1] ?? '');
    if (n === undefined) continue;
    counts.add(n);
    claims.push({ kind: 'companyCount', value: n });
  }
  for (const value of figuresIn(question, counts)) claims.push({ kind: 'figure', value });
  return claims;
}

const INACTIVE = /inactive|dead|closed|acquired/i;

function companiesOf(context: AnalysisContext): { active: Item[]; inactive: Item[] } {
  const all = context.results.flatMap((r) => r.competitors.map((c) => ({ c, it: competitorItem(r, c) })));
  const unique = [...new Map(all.map((x) => [x.it.ref, x])).values()];
  return {
    active: unique.filter((x) => !INACTIVE.test(x.c.status ?? '')).map((x) => x.it),
    inactive: unique.filter((x) => INACTIVE.test(x.c.status ?? '')).map((x) => x.it),
  };
}

const SHOWN = 3;
/** Evidence that states a measured figure (employment, growth, wages, establishments, staff), not a date or a match score. */
const MEASURED = /^(?:bls|naics|industry|activity):/;

function rejection(kind: PremiseKind, intro: string, items: readonly Item[]): Rejection {
  return { kind, ...answer([intro, ...items.map(bullet)], items) };
}

function reject(context: AnalysisContext, question: string, claim: Claim): Rejection | null {
  const { active, inactive } = companiesOf(context);
  const companies = [...active, ...inactive];
  switch (claim.kind) {
    case 'noCompanies':
      if (companies.length === 0) return null;
      return rejection(
        claim.kind,
        'That premise is false: the analysis lists companies already serving this, among them:',
        companies.slice(0, SHOWN),
      );
    case 'nobodyTried':
      if (inactive.length > 0)
        return rejection(
          claim.kind,
          'That premise is false: companies have tried this; these are recorded as no longer active:',
          inactive.slice(0, SHOWN),
        );
      if (active.length === 0) return null;
      return rejection(
        claim.kind,
        'That premise is false: companies already do this, among them:',
        active.slice(0, SHOWN),
      );
    case 'companyCount': {
      const n = claim.value ?? 0;
      if (n === companies.length) return null;
      const more = companies.length > n ? 'more companies than that' : 'fewer companies than that';
      return rejection(
        claim.kind,
        `That premise is false: the analysis lists ${more}, among them:`,
        companies.slice(0, 5),
      );
    }
    case 'figure': {
      const items = itemsOf(context);
      if (items.some((it) => numbersIn(`${it.label} ${it.text}`).includes(String(claim.value)))) return null;
      const measured = items.filter((it) => it.kind === 'evidence' && MEASURED.test(it.ref));
      const matched = retrieve(measured, questionWords(question), 2);
      const closest = matched.length > 0 ? matched : measured.slice(0, 2);
      if (closest.length === 0)
        return rejection(
          claim.kind,
          'That premise cannot be confirmed: the figure in the question appears nowhere in the analysis’s evidence.',
          [],
        );
      return rejection(
        claim.kind,
        'That premise does not match the evidence: the figure in the question appears nowhere in it. What the evidence says:',
        closest,
      );
    }
  }
}

/** The question's claims that the analysis's evidence contradicts, each with that evidence. */
export function rejectPremises(context: AnalysisContext, question: string): Rejection[] {
  return claimsIn(question).flatMap((c) => reject(context, question, c) ?? []);
}
