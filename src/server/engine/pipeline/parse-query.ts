import { MAX_QUERY_LENGTH } from '#shared/searches/filters.schemas.ts';
import { MARKET_THESAURUS } from '../text/market-thesaurus.ts';
import { MARKET_VOCABULARY } from '../text/market-vocabulary.ts';
import { firstSentence, isClause } from '../text/clause.ts';
import { respellAll, respellingWarning, type Respelling } from '../text/spelling.ts';
import { startsWithTimePhrase } from '../text/time-phrase.ts';
import { withLifeStages } from '../text/age-phrase.ts';
import QUERY_FILLER_WORDS from '../text/query-filler.json' with { type: 'json' };
import PLACE_FOLLOWERS from '../text/place-followers.json' with { type: 'json' };
import { contentTokens, processTerm, stem, words, type ContentToken } from '../text/tokenize.ts';
import { synonyms, verbInflections } from '../text/wordnet.ts';
import type { WeightedTerm } from '../index/lexical-index.ts';
import { ownValue } from '#shared/app/own-value.ts';

// Query → facets. "pet care for elderly owners" becomes offering [pet, care] × segment [elderly,
// owner]; each content word is a group whose synonyms count as matching it.

export type Facet = 'offering' | 'segment' | 'keyword';

export type TermGroup = {
  word: string;
  /** The word as the user wrote it (lower case), or as it was respelled: what the product shows ("chaos", not "chao"). */
  shown: string;
  facet: Facet;
  /** 1, or less for words of the query's purpose clause ("… so enterprise customers will buy"). */
  weight: number;
  /** Processed synonym terms (single words) and the phrases they came from. */
  synonyms: string[];
  synonymSources: { phrase: string; from: 'wordnet' | 'thesaurus' }[];
  /** The word's other regular forms as a verb that the directory writes ("scheduling" → schedule, scheduled): the same word. */
  forms: string[];
};

export type ParsedQuery = {
  text: string;
  /** The need as the user wrote it (case kept), without its purpose clause: the core opportunity's title. */
  needText: string;
  offeringText: string;
  segmentText: string | null;
  /** A place the query names ("in India"): where, not who. Its words are not searched as a customer or an offering. */
  placeText: string | null;
  groups: TermGroup[];
  warnings: string[];
};

/**
 * Words that may follow a place named with "in" and start the rest of the sentence
 * (text/place-followers.json: conjunctions and prepositions, and the auxiliaries and modals that
 * follow a subject the place ends, "our clinics in Denver have…").
 */
const AFTER_PLACE = new Set(PLACE_FOLLOWERS.groups.flatMap((g) => g.words));
const MAX_PLACE_WORDS = 3;

/**
 * "… in India", "… in Mexico City for small shops": a place (as the directory's own company locations
 * know it) named with "in" is where the need is, not who has it. Returns the text without it, and the place.
 */
export function withoutPlace(
  text: string,
  isPlace: (phrase: string) => boolean,
): { text: string; place: string | null } {
  const tokens = text.split(' ');
  for (let i = 0; i < tokens.length - 1; i++) {
    if (tokens[i]!.toLowerCase() !== 'in' || i === 0) continue;
    const start = tokens[i + 1]?.toLowerCase() === 'the' ? i + 2 : i + 1;
    for (let len = Math.min(MAX_PLACE_WORDS, tokens.length - start); len >= 1; len--) {
      const taken = tokens.slice(start, start + len);
      const ends = /[,.;:!?]$/.test(taken.at(-1)!);
      const phrase = words(taken.join(' ')).join(' ');
      const next = tokens[start + len]?.toLowerCase();
      if (!phrase || !isPlace(phrase) || !(ends || next === undefined || AFTER_PLACE.has(next))) continue;
      const rest = [...tokens.slice(0, i), ...tokens.slice(start + len)].join(' ');
      return {
        text: ends ? `${rest.trimEnd()}${taken.at(-1)!.slice(-1)}` : rest,
        place: taken.join(' ').replace(/[,.;:!?]$/, ''),
      };
    }
  }
  return { text, place: null };
}

const SEGMENT_MARKERS = [
  ' for ',
  ' aimed at ',
  ' targeting ',
  ' serving ',
  ' among ',
  ' to help ',
  ' used by ',
  ' in ',
];
export const MAX_GROUPS = 12;
/** How much a word belongs to the companies nearest the query in meaning (pipeline/near-words.ts); 0 when none write it. */
export type Characteristic = (term: string) => number;

/** Words that name no product, customer or job (text/query-filler.json), plural-folded as the query's words are. */
const QUERY_FILLER = new Set(QUERY_FILLER_WORDS.groups.flatMap((g) => g.words.map((w) => stem(w))));

/**
 * What follows these says why the need matters ("… so enterprise customers will buy": its words count
 * half) or what the user wants to avoid ("… without running Elasticsearch", "… without building auth
 * myself": its words are often the category itself, so they count fully). Neither is what the user
 * calls the need (its title) nor who needs it: its words are never read as the customer.
 */
const CLAUSE_MARKERS: readonly { marker: string; weight: number }[] = [
  { marker: ' so that ', weight: 0.5 },
  { marker: ' so ', weight: 0.5 },
  { marker: ' because ', weight: 0.5 },
  { marker: ' in order to ', weight: 0.5 },
  { marker: ' instead of ', weight: 0.5 },
  { marker: ' without ', weight: 1 },
];

type Clause = { text: string; weight: number };

/**
 * The need and its purpose or constraint clauses, split at each marker in turn from the first in the
 * text (the longer marker on a tie): "tracking shipments without spreadsheets so customers stop calling"
 * → need, constraint, purpose.
 */
function splitPurpose(text: string): { need: string; clauses: Clause[] } {
  const lower = ` ${text.toLowerCase()} `;
  let first: { at: number; marker: string; weight: number } | null = null;
  for (const { marker, weight } of CLAUSE_MARKERS) {
    const at = lower.indexOf(marker);
    if (at <= 0 || queryWords(lower.slice(0, at)).length === 0) continue;
    if (!first || at < first.at || (at === first.at && marker.length > first.marker.length))
      first = { at, marker, weight };
  }
  if (!first) return { need: text, clauses: [] };
  const rest = splitPurpose(text.slice(first.at - 1 + first.marker.length - 1).trim());
  return {
    need: text.slice(0, first.at - 1).trim(),
    clauses: [{ text: rest.need.toLowerCase(), weight: first.weight }, ...rest.clauses],
  };
}

function queryTokens(text: string): ContentToken[] {
  return contentTokens(text).filter((t) => !QUERY_FILLER.has(t.term));
}

function queryWords(text: string): string[] {
  return queryTokens(text).map((t) => t.term);
}
const SYNONYM_WEIGHT = 0.35;
/** Another form of the word counts as much as a word it begins does in the word match ("account" → "accounting"). */
const FORM_WEIGHT = 0.8;

/**
 * The offering and who it is for, split at the first marker (in SEGMENT_MARKERS order) whose two
 * sides both hold words; a marker before a time complement ("for three weeks", "in 20 minutes") is
 * passed over, since it says when, not who; text with its own subject and verb before a marker is a
 * clause (text/clause.ts), and then there is no segment.
 */
function splitFacets(text: string): { offering: string; segment: string | null } {
  const lower = ` ${text.toLowerCase()} `;
  for (const marker of SEGMENT_MARKERS) {
    for (let at = lower.indexOf(marker); at > 0; at = lower.indexOf(marker, at + 1)) {
      const offering = lower.slice(0, at).trim();
      const segment = lower.slice(at + marker.length).trim();
      if (startsWithTimePhrase(segment)) continue;
      // "I moved here for a job": after a clause, the marker says why or where, not for whom.
      if (isClause(offering)) return { offering: text.toLowerCase(), segment: null };
      // "our nightclubs in Austin have lines …": what follows says something, not whom (a clause). Its
      // first sentence only: "for our bank: we hire 60 analysts" names whom, then says more.
      if (isClause(firstSentence(segment))) continue;
      if (queryWords(offering).length > 0 && queryWords(segment).length > 0) return { offering, segment };
      break;
    }
  }
  return { offering: text.toLowerCase(), segment: null };
}

/** Share of directory entries above which a WordNet synonym is too general to help ("system", "house"). */
const MAX_SYNONYM_SHARE = 0.03;
/** A word taken alone from a multi-word synonym must be rarer still. */
const MAX_PHRASE_WORD_SHARE = 0.01;

function groupFor(
  { word, shown, facet, weight }: { word: string; shown: string; facet: Facet; weight: number },
  share: (term: string) => number,
): TermGroup {
  const isSpecific = (term: string): boolean => share(term) <= MAX_SYNONYM_SHARE;
  const sources: TermGroup['synonymSources'] = [];
  for (const phrase of synonyms(word)) {
    if (words(phrase).every((w) => isSpecific(processTerm(w) ?? w))) sources.push({ phrase, from: 'wordnet' });
  }
  // Market vocabulary: the words startups use for the category that answers a need ("crash" →
  // "observability"). Measured against keeping WordNet out for such words: WordNet stays.
  for (const phrase of marketVocabulary(word))
    if (!sources.some((s) => s.phrase === phrase)) sources.push({ phrase, from: 'thesaurus' });
  // A verb's other forms are the word itself as another sentence needs it ("scheduling" in a query,
  // "schedule appointments" in a one-liner); only those the directory writes are searched.
  const forms = verbInflections(word).filter((f) => share(f) > 0);
  return { word, shown, facet, weight, synonyms: synonymTerms(word, sources, share), synonymSources: sources, forms };
}

/**
 * The single-word terms a group's synonym phrases contribute. A multi-word synonym contributes only
 * its most specific word, and only when that word is specific on its own ("truck driver" → truck);
 * "older adult" would otherwise bring "adult".
 */
function synonymTerms(word: string, sources: TermGroup['synonymSources'], share: (term: string) => number): string[] {
  const terms = new Set<string>();
  for (const s of sources) {
    const parts = words(s.phrase)
      .map((w) => processTerm(w))
      .filter((t): t is string => t !== null);
    if (parts.length === 1 && parts[0] !== word) terms.add(parts[0]!);
    if (parts.length > 1) {
      const rarest = [...parts].sort((a, b) => share(a) - share(b))[0]!;
      if (share(rarest) <= MAX_PHRASE_WORD_SHARE && rarest !== word) terms.add(rarest);
    }
  }
  return [...terms];
}

/** The market vocabulary of a word or of its base form ("crashing" → "crash", "invoiced" → "invoice"). */
function marketVocabulary(word: string): string[] {
  const forms = [word];
  for (const suffix of ['ing', 'ed'])
    if (word.endsWith(suffix) && word.length > suffix.length + 2) {
      const stem = word.slice(0, -suffix.length);
      forms.push(stem, `${stem}e`);
      if (/([^aeiou])\1$/.test(stem)) forms.push(stem.slice(0, -1));
    }
  for (const form of forms) {
    const found = [...(ownValue(MARKET_THESAURUS, form) ?? []), ...(ownValue(MARKET_VOCABULARY, form) ?? [])];
    if (found.length > 0) return found;
  }
  return [];
}

/** The query as analysed, and as its sentence vector is made: spaces collapsed, cut to MAX_QUERY_LENGTH. */
export function queryText(rawQuery: string): string {
  return rawQuery.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/** `documentShare` gives the share of directory entries containing a term (0 when unknown). */
export function parseQuery(
  rawQuery: string,
  keywords: readonly string[],
  documentShare: (term: string) => number = () => 0,
  isPlace: (phrase: string) => boolean = () => false,
  characteristic: Characteristic | null = null,
): ParsedQuery {
  const warnings: string[] = [];
  const text = queryText(rawQuery);
  if (rawQuery.replace(/\s+/g, ' ').trim().length > MAX_QUERY_LENGTH) {
    warnings.push(
      `The query was longer than ${MAX_QUERY_LENGTH} characters; only the first ${MAX_QUERY_LENGTH} were analysed.`,
    );
  }
  const { need, clauses } = splitPurpose(text);
  const { text: needHere, place } = withoutPlace(need, isPlace);
  // "my 15 year old" is a teenager: who the need is for, not the words "year" and "old" (text/age-phrase.ts).
  const { offering, segment } = splitFacets(withLifeStages(needHere).text);
  const typed: { word: string; shown: string; facet: Facet; weight: number }[] = [];
  const add = ({ term, surface }: ContentToken, facet: Facet, weight = 1): void => {
    if (!typed.some((g) => g.word === term)) typed.push({ word: term, shown: surface, facet, weight });
  };
  for (const t of queryTokens(offering)) add(t, 'offering');
  if (segment) for (const t of queryTokens(segment)) add(t, 'segment');
  for (const clause of clauses)
    for (const t of queryTokens(withLifeStages(clause.text).text)) add(t, 'offering', clause.weight);
  for (const k of keywords) for (const t of contentTokens(k)) add(t, 'keyword');
  const respellings = respellAll(
    typed.map((t) => t.word),
    documentShare,
    typedAsNames(text),
  );
  const found: typeof typed = [];
  for (const t of typed) {
    const respelled = respellings.get(t.word)?.to.split(' ');
    for (const word of respelled ?? [t.word])
      if (!found.some((g) => g.word === word)) found.push({ ...t, word, shown: respelled ? word : t.shown });
  }
  const respelledWarning = respellingWarning([...respellings.values()]);
  if (respelledWarning) warnings.push(respelledWarning);
  const kept = mostSpecific(found, documentShare, characteristic);
  if (kept.length < found.length) {
    const left = found.filter((f) => !kept.includes(f)).map((f) => f.shown);
    warnings.push(
      characteristic
        ? `Only ${MAX_GROUPS} words of the query were searched: those the companies closest to it in meaning also use. Left out: ${left.join(', ')}.`
        : `Only the ${MAX_GROUPS} most specific words of the query were used; these were too common in the directory to help: ${left.join(', ')}.`,
    );
  }
  // A form that the query says itself is that word's own group ("banking as a service … our bank"):
  // counting it twice would weigh the root twice.
  const said = new Set(kept.map((f) => f.word));
  const groups = kept
    .map((f) => groupFor(f, documentShare))
    .map((g) => ({ ...g, forms: g.forms.filter((f) => !said.has(f)) }));
  return {
    text,
    needText: withTyposCorrected(need, [...respellings.values()]),
    offeringText: offering,
    segmentText: segment,
    placeText: place,
    groups,
    warnings,
  };
}

/**
 * The need as the user wrote it, with its typing slips corrected ("shiping rates API" → "shipping
 * rates API"): it titles the core opportunity. British spellings, singulars and run-together words are
 * not mistakes, and stay as typed.
 */
function withTyposCorrected(need: string, respellings: readonly Respelling[]): string {
  let out = need;
  // A typo is only read in a word typed in lower case (a capitalised one is a name).
  for (const r of respellings)
    if (r.kind === 'typo') out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${r.from}(?![\\p{L}\\p{N}])`, 'gu'), r.to);
  return out;
}

/** Processed words the user typed with a capital letter: names ("Procore"), never read as typos. */
function typedAsNames(text: string): Set<string> {
  const out = new Set<string>();
  for (const token of text.split(/[^\p{L}\p{N}]+/u)) {
    const term = /^\p{Lu}/u.test(token) ? processTerm(token) : null;
    if (term) out.add(term);
  }
  return out;
}

/**
 * At most MAX_GROUPS words, in the query's order. Past the cap, with the query's nearest companies
 * known (pipeline/near-words.ts), the words they write least go first: a story's details ("Ohio",
 * "lunch") before its market ("insurance", "calls"). Otherwise, and between words they write as
 * often, the words most of the directory shares ("team", "data", "customers") go first. Keywords the
 * user chose go last.
 */
function mostSpecific<T extends { word: string; facet: Facet }>(
  found: T[],
  documentShare: (term: string) => number,
  characteristic: Characteristic | null,
): T[] {
  if (found.length <= MAX_GROUPS) return found;
  const keep = (f: T): number =>
    f.facet === 'keyword' ? Number.POSITIVE_INFINITY : characteristic ? characteristic(f.word) : 0;
  const dropped = new Set(
    found
      .map((f, order) => ({ f, keep: keep(f), share: f.facet === 'keyword' ? -1 : documentShare(f.word), order }))
      .sort((a, b) => a.keep - b.keep || b.share - a.share || b.order - a.order)
      .slice(0, found.length - MAX_GROUPS)
      .map((x) => x.f),
  );
  return found.filter((f) => !dropped.has(f));
}

/** The weighted terms for a subset of groups: each word at full weight, its synonyms lower. */
export function termsFor(groups: readonly TermGroup[]): WeightedTerm[] {
  const out: WeightedTerm[] = [];
  for (const g of groups) {
    out.push({ term: g.word, weight: (g.facet === 'keyword' ? 0.8 : 1) * g.weight });
    for (const f of g.forms) out.push({ term: f, weight: FORM_WEIGHT * g.weight });
    for (const s of g.synonyms) out.push({ term: s, weight: SYNONYM_WEIGHT * g.weight });
  }
  return out;
}
