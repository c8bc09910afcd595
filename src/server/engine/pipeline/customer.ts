import { naicsTitles } from '../corpus/naics-titles.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import ESTABLISHMENT from '../text/establishment-words.json' with { type: 'json' };
import { STOP_WORDS, stem, words } from '../text/tokenize.ts';
import { matchIndustry, type IndustryMatch } from './industry-match.ts';
import type { ParsedQuery } from './parse-query.ts';
import { industryBuyer } from './staffing.ts';

// Who the query serves, read before anything is matched: the segment the query names ("… for law
// firms") or, when the founder speaks as the customer, the business they run ("we run a trucking
// company", "our dental practice", "my restaurant"). The phrase becomes the query's segment (so the
// customer's occupations are judged against it) and, through the NAICS index, an industry.

export type CustomerReading = {
  phrase: string;
  from: 'segment' | 'owner';
  industry: IndustryMatch | null;
  /** The BLS staffing industry holding it (722500 for 7225), or null when the matrix has none. */
  staffingCode: string | null;
};

const OWNERSHIP = /\b(?:i|we)\s+(?:run|own|operate|manage|started|opened)\s+(?:a|an|the|two|three|several)\s+(.+)$/;
const POSSESSIVE = /\b(?:my|our)\s+(.+)$/;
const MAX_PHRASE_WORDS = 3;
const places = new Set(ESTABLISHMENT.words.map((w) => stem(w)));

/** The words after the cue, up to the first stop word or punctuation, at most MAX_PHRASE_WORDS. */
function phraseAfter(rest: string): string[] {
  const out: string[] = [];
  for (const raw of rest.split(/\s+/)) {
    const w = words(raw)[0];
    if (!w || STOP_WORDS.has(w) || out.length >= MAX_PHRASE_WORDS) break;
    out.push(w);
    if (/[,.;:!?)]$/.test(raw)) break;
  }
  return out;
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

function industryOf(index: EngineIndex, phrase: string): IndustryMatch | null {
  const market = index.corpus.market;
  return market ? matchIndustry(market, naicsTitles(), phrase) : null;
}

/**
 * A founder's own business: "we run a …" always names one; "my/our …" names one when it says a place of
 * business ("our dental practice", "my coffee shop") or when the NAICS index knows it as a kind of
 * business with its own manager or practitioner to buy ("my restaurant": food service managers) —
 * "my garden" or "my house" are a consumer's, not a business.
 */
function ownBusiness(index: EngineIndex, text: string): { phrase: string; industry: IndustryMatch | null } | null {
  const lower = text.toLowerCase();
  const owned = OWNERSHIP.exec(lower);
  const possessed = owned ? null : POSSESSIVE.exec(lower);
  const after = phraseAfter((owned ?? possessed)?.[1] ?? '');
  if (after.length === 0) return null;
  // The longest run of the words that names an industry ("restaurant keeps running" → "restaurant").
  for (let n = after.length; n >= 1; n--) {
    const phrase = after.slice(0, n).join(' ');
    const industry = industryOf(index, phrase);
    if (!industry) continue;
    const named = after.slice(0, n).some((w) => places.has(stem(w)));
    const code = staffingIndustryOf(index, industry.naics);
    if (owned || named || (code && industryBuyer(index.corpus.market!.staffing, code))) return { phrase, industry };
  }
  // No industry known: a place word, or "we run a …", still says it is the founder's business.
  const place = after.findIndex((w) => places.has(stem(w)));
  if (place >= 0) return { phrase: after.slice(0, place + 1).join(' '), industry: null };
  return owned ? { phrase: after.join(' '), industry: null } : null;
}

/** The query with its customer read: a segment taken from the founder's own business when it has none. */
export function readCustomer(
  index: EngineIndex,
  query: ParsedQuery,
): { query: ParsedQuery; customer: CustomerReading | null } {
  if (query.segmentText) {
    const industry = industryOf(index, query.segmentText);
    return {
      query,
      customer: {
        phrase: query.segmentText,
        from: 'segment',
        industry,
        staffingCode: industry ? staffingIndustryOf(index, industry.naics) : null,
      },
    };
  }
  const own = ownBusiness(index, query.needText);
  if (!own) return { query, customer: null };
  return {
    query: { ...query, segmentText: own.phrase },
    customer: {
      phrase: own.phrase,
      from: 'owner',
      industry: own.industry,
      staffingCode: own.industry ? staffingIndustryOf(index, own.industry.naics) : null,
    },
  };
}
