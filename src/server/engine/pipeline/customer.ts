import { naicsTitles } from '../corpus/naics-titles.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import BUSINESS_NOUNS from '../text/business-nouns.json' with { type: 'json' };
import ESTABLISHMENT from '../text/establishment-words.json' with { type: 'json' };
import OWNER_COUNTS from '../text/owner-counts.json' with { type: 'json' };
import VOICE from '../text/speaker-voice.json' with { type: 'json' };
import { contentWords, STOP_WORDS, stem, words } from '../text/tokenize.ts';
import { firstSentence } from '../text/clause.ts';
import { matchIndustry, type IndustryMatch } from './industry-match.ts';
import type { ParsedQuery } from './parse-query.ts';

// Who the query serves, read before anything is matched: the segment the query names ("… for law
// firms") or, when the founder speaks as the customer, the business they run ("we run a trucking
// company", "our dental practice", "my restaurant"). The phrase becomes the query's segment (so the
// customer's occupations are judged against it) and, through the NAICS index, an industry.

export type CustomerReading = {
  phrase: string;
  from: 'segment' | 'owner' | 'modifier';
  industry: IndustryMatch | null;
  /** The BLS staffing industry holding it (722500 for 7225), or null when the matrix has none. */
  staffingCode: string | null;
};

const OWNERSHIP = /\b(?:i|we)\s+(?:run|own|operate|manage|started|opened)\s+(.+)$/;
/** "we're a …", "we are a …": a business saying what it is (a person's "I'm a …" is not read). */
const IDENTITY = /\bwe(?:['’]re|\s+are)\s+(.+)$/;
const POSSESSIVE = /\b(?:my|our)\s+(.+)$/;
const MAX_PHRASE_WORDS = 3;
/** Words that make "my/our …" the speaker's own business: places of business and kinds that are places. */
const places = new Set([...ESTABLISHMENT.words, ...BUSINESS_NOUNS.words].map((w) => stem(w)));
/** How many of the business the founder runs ("my 6 …", "a chain of 40 …"): skipped before it (text/owner-counts.json). */
const counts = new Set(OWNER_COUNTS.words);
const isCount = (raw: string): boolean => /^\d[\d,.]*$/.test(raw) || counts.has(raw.toLowerCase());

/**
 * The words after the cue, up to the first stop word or punctuation, at most MAX_PHRASE_WORDS, after
 * the count words that may open it (`skipped` of them: an article counts).
 */
function phraseAfter(rest: string): { words: string[]; skipped: number } {
  const raws = rest.split(/\s+/).filter((r) => r.length > 0);
  let skipped = 0;
  while (skipped < raws.length && isCount(raws[skipped]!)) skipped++;
  const out: string[] = [];
  for (const raw of raws.slice(skipped)) {
    const w = words(raw)[0];
    // A place of business ends the phrase ("trucking company"), stop word or not.
    const place = w !== undefined && places.has(stem(w));
    if (!w || (STOP_WORDS.has(w) && !place) || out.length >= MAX_PHRASE_WORDS) break;
    // As written ("mid-size", not "mid"), without the punctuation around it or a possessive's "'s".
    out.push(raw.replace(/['’]s\W*$/, '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || w);
    if (place || /[,.;:!?)]$/.test(raw)) break;
  }
  return { words: out, skipped };
}

/** The BLS staffing industry a NAICS code or prefix belongs to: the longest one whose code starts it. */
export function staffingIndustryOf(index: EngineIndex, naics: string): string | null {
  const staffing = index.corpus.market?.staffing;
  if (!staffing) return null;
  let best: string | null = null;
  for (const code of staffing.byIndustry.keys()) {
    const prefix = code.replace(/0+$/, '');
    if (naics.startsWith(prefix) && (best === null || prefix.length > best.replace(/0+$/, '').length)) best = code;
  }
  return best;
}

function industryOf(
  index: EngineIndex,
  phrase: string,
  options: { exact?: boolean; people?: boolean } = {},
): IndustryMatch | null {
  const market = index.corpus.market;
  return market ? matchIndustry(market, naicsTitles(), phrase, options) : null;
}

/**
 * A founder's own business: "we run a …" always names one; "my/our …" names one when it says a place of
 * business or a business noun ("our dental practice", "my coffee shop", "my restaurant"), and "our …"
 * when its words are an industry's kind of business ("our community bank"). "my garden" or "my bank"
 * are a consumer's.
 */
type OwnBusiness = {
  phrase: string;
  industry: IndustryMatch | null;
  /** Where the text says who the founder is ("we run a small trucking company"): [start, end). */
  clause: [number, number] | null;
};

/** The end of the n-th word after `from` in `text`. */
function afterWords(text: string, from: number, n: number): number {
  const word = /\S+/g;
  word.lastIndex = from;
  let end = from;
  for (let i = 0; i < n; i++) {
    const m = word.exec(text);
    if (!m) break;
    end = m.index + m[0].length;
  }
  return end;
}

/** The cue that says the founder's own business, and the words after it. */
function ownerCue(lower: string): { cue: RegExpExecArray; kind: 'owned' | 'identity' | 'possessed' } | null {
  // "we run …" says a business only with a count or an article after it ("we run payroll" says an activity).
  const owned = OWNERSHIP.exec(lower);
  if (owned && phraseAfter(owned[1]!).skipped > 0) return { cue: owned, kind: 'owned' };
  const identity = IDENTITY.exec(lower);
  if (identity && phraseAfter(identity[1]!).skipped > 0) return { cue: identity, kind: 'identity' };
  const possessed = POSSESSIVE.exec(lower);
  return possessed ? { cue: possessed, kind: 'possessed' } : null;
}

/**
 * `named`: the text is who the query is for and opens with "my"/"our" ("for our testing lab"): the words
 * after it name the business, as after "we run".
 */
function ownBusiness(index: EngineIndex, text: string, named = false): OwnBusiness | null {
  const lower = text.toLowerCase();
  const found = ownerCue(lower);
  if (!found) return null;
  const { cue } = found;
  const kind = named ? 'owned' : found.kind;
  const { words: after, skipped } = phraseAfter(cue[1]!);
  if (after.length === 0) return null;
  const place = after.findIndex((w) => places.has(stem(w)));
  const cueFrom = cue.index + cue[0].length - cue[1]!.length;
  if (place < 0 && (named || /^our\s/.test(cue[0]))) {
    const workplace = workplaceOf(index, lower, afterWords(lower, cueFrom, skipped + after.length));
    if (workplace) return { ...workplace, clause: [cue.index, workplace.clause![1]] };
  }
  const clauseTo = (n: number): [number, number] => [cue.index, afterWords(lower, cueFrom, skipped + n)];
  if (kind === 'owned' || place >= 0) {
    // The business is named outright: the longest run of its words that is an industry ("trucking
    // company", "law firm"), else the words up to the place ("litigation firm": no industry known).
    // Who the query is for ends with its kind of business, so only words before it are dropped there
    // ("mid-size investment bank": "investment bank", never "mid-size").
    const end = place >= 0 ? place + 1 : after.length;
    if (named) {
      for (let start = 0; start < end; start++) {
        const phrase = after.slice(start, end).join(' ');
        const industry = industryOf(index, phrase);
        if (industry) return { phrase: after.slice(0, end).join(' '), industry, clause: clauseTo(end) };
      }
      return { phrase: after.slice(0, end).join(' '), industry: null, clause: clauseTo(end) };
    }
    for (let n = end; n >= 1; n--) {
      const phrase = after.slice(0, n).join(' ');
      const industry = industryOf(index, phrase);
      if (industry) return { phrase, industry, clause: clauseTo(end) };
    }
    return { phrase: after.slice(0, end).join(' '), industry: null, clause: clauseTo(end) };
  }
  // "we're a …" with no place of business: what the business is, when its words are an industry.
  if (kind === 'identity') {
    for (let n = after.length; n >= 1; n--) {
      const industry = industryOf(index, after.slice(0, n).join(' '));
      if (industry) return { phrase: after.slice(0, n).join(' '), industry, clause: clauseTo(after.length) };
    }
    return null;
  }
  // "my 5 gas stations", "my two salons": a person counts the businesses they run, when a run of the
  // words after the count is an industry ("my 3 kids" names none).
  if (skipped > 0) {
    const run = industryRun(index, after);
    if (run) return { phrase: run.phrase, industry: run.industry, clause: clauseTo(run.end) };
  }
  // "our" and words that may run on into the sentence ("our community bank takes weeks"): a run of
  // them that is, word for word, an industry's kind of business ("bank"). "our" is a business's voice;
  // "my" without a business noun is a consumer's ("my garden", "my bank").
  if (!/\bour\s/.test(lower)) return null;
  for (let n = Math.min(2, after.length); n >= 1; n--)
    for (let start = 0; start + n <= after.length; start++) {
      const phrase = after.slice(start, start + n).join(' ');
      const industry = industryOf(index, phrase, { exact: true });
      if (industry) return { phrase, industry, clause: null };
    }
  return null;
}

/** "at" after the people a business's voice names: where they work follows ("our nurses at two clinics"). */
const AT_WORKPLACE = /^\s*at\s+/;
const POSSESSED = /^(?:my|our)\s+/;

/**
 * The business where the people the founder names work: "our K-2 teachers at 9 elementary schools",
 * "for our drivers at our two depots". What follows "at" is read as a business when it says how many,
 * whose ("at our clinic") or a place of business, and only when a run of its words is an industry
 * (the sentence may run on: "… at 3 hospitals lose weeks"): "our users at checkout" names none.
 */
function workplaceOf(index: EngineIndex, lower: string, from: number): OwnBusiness | null {
  const at = AT_WORKPLACE.exec(lower.slice(from));
  if (!at) return null;
  const start = from + at[0].length;
  const possessed = POSSESSED.exec(lower.slice(start));
  const businessFrom = start + (possessed?.[0].length ?? 0);
  const { words: business, skipped } = phraseAfter(lower.slice(businessFrom));
  if (business.length === 0) return null;
  const place = business.findIndex((w) => places.has(stem(w)));
  if (!possessed && skipped === 0 && place < 0) return null;
  const run = industryRun(index, business);
  return run && { ...run, clause: [from, afterWords(lower, businessFrom, skipped + run.end)] };
}

/**
 * The longest run of a phrase's words that is an industry, ending at the place of business when one is
 * said ("9 elementary schools", "parking garage operators"); `end` is where the run ends in `phrase`.
 * `whom`: the phrase says whom a product is for, so the run ends with its last word, the kind of
 * customer ("independent financial advisors" is not "independent financial"), and the people a place
 * belongs to name it ("for dentists").
 */
function industryRun(
  index: EngineIndex,
  phrase: string[],
  whom = false,
): { phrase: string; industry: IndustryMatch; end: number } | null {
  const place = phrase.findIndex((w) => places.has(stem(w)));
  const last = place >= 0 ? place + 1 : phrase.length;
  for (let n = last; n >= (whom ? last : 1); n--)
    for (let first = 0; first < n; first++) {
      const industry = industryOf(index, phrase.slice(first, n).join(' '), { people: whom });
      if (industry) return { phrase: phrase.slice(first, n).join(' '), industry, end: n };
    }
  return null;
}

/** Words that join kinds of business in a list ("schools and universities"), not a clause. */
const COORDINATORS = new Set(['and', 'or']);

/** Whether a segment goes on past the kinds it names: a stop word other than "and"/"or" ("… to see occupancy"). */
function runsOn(segment: string): boolean {
  return words(segment).some((w) => STOP_WORDS.has(w) && !COORDINATORS.has(w));
}

/**
 * A segment that runs on past who it names ("parking garage operators to see occupancy…", "telecom
 * operators bringing broadband…"): the longest run of its opening words (up to a stop word or
 * punctuation) that is an industry.
 */
function leadingBusiness(index: EngineIndex, segment: string): { phrase: string; industry: IndustryMatch } | null {
  const { words: opening } = phraseAfter(segment);
  const run = industryRun(index, opening, true);
  return run && { phrase: run.phrase, industry: run.industry };
}

const businessNouns = new Set(BUSINESS_NOUNS.words.map((w) => stem(w)));

/**
 * A business noun used as a modifier names the customer ("restaurant inventory counts", "clinic
 * scheduling"): only the nouns of business-nouns.json, which are businesses whatever their place in
 * the sentence — not a word merely shared with an industry's title ("building internal tools", "car
 * insurance", "grocery delivery" name no business customer).
 */
function businessModifier(index: EngineIndex, text: string): OwnBusiness | null {
  const all = words(text);
  const at = all.findIndex((w) => businessNouns.has(stem(w)));
  if (at < 0) return null;
  // With the word before it when the two are one kind of business ("dental clinic", "coffee farm").
  const before = at > 0 && !STOP_WORDS.has(all[at - 1]!) ? `${all[at - 1]} ${all[at]}` : null;
  const longer = before ? industryOf(index, before) : null;
  if (longer) return { phrase: before!, industry: longer, clause: null };
  return { phrase: all[at]!, industry: industryOf(index, all[at]!), clause: null };
}

const SINGULAR = new Set(VOICE.singular);
const PLURAL = new Set(VOICE.plural);

/** Whether the text speaks as a person ("I", "my", "me" and no "we", "our"): see text/speaker-voice.json. */
export function speaksAsPerson(text: string): boolean {
  const tokens = text
    .toLowerCase()
    .replace(/’/g, "'")
    .split(/[^a-z']+/);
  return tokens.some((t) => SINGULAR.has(t)) && !tokens.some((t) => PLURAL.has(t));
}

/** The query with its customer read: a segment taken from the founder's own business when it has none. */
export function readCustomer(
  index: EngineIndex,
  query: ParsedQuery,
): { query: ParsedQuery; customer: CustomerReading | null } {
  if (query.segmentText) {
    // Who it is for ends with its sentence ("for our tutoring company. we need live chat …"), and a
    // segment the founder owns ("for our testing lab") is read as their own business is.
    const segment = firstSentence(query.segmentText);
    const own = /^(?:my|our)\s/.test(segment) ? ownBusiness(index, segment, true) : null;
    // A list of kinds ("schools and universities", "music agents and touring artists") is read whole.
    // The industry of a segment that runs on past whom it names ("real estate brokerages to put on
    // their listings") is the longest run of its opening words that is one, else the whole segment's.
    // The segment itself stays as written: what it says after is still whom the product serves ("for
    // exchanges and law enforcement" is both).
    const runOn = runsOn(segment);
    const whole = own || runOn ? null : industryOf(index, segment, { people: true });
    const leading = own || whole ? null : leadingBusiness(index, segment);
    const shown = own?.industry ? own.phrase : segment;
    const phrase = leading?.phrase ?? shown;
    const industry = own
      ? own.industry
      : (whole ?? leading?.industry ?? (runOn ? industryOf(index, segment, { people: true }) : null));
    // A segment that names no business ("… for briefs", "for our releases") gives way to the business
    // the founder says they run elsewhere in the text ("associates at our law firm …").
    if (!industry) {
      const founder = ownBusiness(index, query.needText);
      if (founder?.industry) return ownerReading(index, query, founder, 'owner');
    }
    return {
      query: shown === query.segmentText ? query : { ...query, segmentText: shown },
      customer: {
        phrase,
        from: 'segment',
        industry,
        staffingCode: industry ? staffingIndustryOf(index, industry.naics) : null,
      },
    };
  }
  const own = ownBusiness(index, query.needText);
  // A person's query names businesses they deal with ("I pay for a gym"): only one they own is the customer.
  const modifier = own || speaksAsPerson(query.needText) ? null : businessModifier(index, query.needText);
  const found = own ?? modifier;
  if (!found) return { query, customer: null };
  return ownerReading(index, query, found, own ? 'owner' : 'modifier');
}

/** The founder's business read from the text as the customer: the rest of its sentence is what is offered. */
function ownerReading(
  index: EngineIndex,
  query: ParsedQuery,
  found: OwnBusiness,
  from: 'owner' | 'modifier',
): { query: ParsedQuery; customer: CustomerReading } {
  // What is offered is the rest of the sentence ("… and lose hours matching loads to drivers"), not
  // who the founder is: the job is read from it.
  const rest = found.clause
    ? `${query.needText.slice(0, found.clause[0])} ${query.needText.slice(found.clause[1])}`
        .replace(/^[\s,;:]*(?:and|but|so|,)?\s+/i, '')
        .replace(/\s+/g, ' ')
        .trim()
    : '';
  const offeringText = contentWords(rest).length > 0 ? rest.toLowerCase() : query.offeringText;
  return {
    query: { ...query, segmentText: found.phrase, offeringText },
    customer: {
      phrase: found.phrase,
      from,
      industry: found.industry,
      staffingCode: found.industry ? staffingIndustryOf(index, found.industry.naics) : null,
    },
  };
}
