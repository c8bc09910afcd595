import type { IndustryItem, MarketData } from '../corpus/market-data.types.ts';
import CLIPPED from '../text/clipped-words.json' with { type: 'json' };
import ESTABLISHMENT from '../text/establishment-words.json' with { type: 'json' };
import { contentWords, stem, words as rawWords } from '../text/tokenize.ts';

// The customer the query names, as an industry: "our law practice" → "Law firms" (541110), "my
// restaurant" → "Restaurants, full service" and "Restaurants, fast-food" (7225), read from the Census
// NAICS index's everyday descriptions. An index item is the customer only when every word of its head
// (the part before the first comma: the kind of business) is in the customer phrase — a word the phrase
// merely shares with an item never decides ("car" names no industry; "Car washes" needs "wash").
// Items that describe a product by what is done to it ("Cars, passenger, manufacturing") are the
// makers or sellers of that product, the customer only when the phrase says so.

export type IndustryMatch = {
  /** The NAICS code (six digits) or the prefix the matched items share (7225 for restaurants). */
  naics: string;
  /** The index items that matched, as the evidence of the match. */
  items: string[];
  /** The customer phrase of the query the items matched. */
  phrase: string;
};

const establishmentWords = new Set(ESTABLISHMENT.words.map((w) => stem(w)));
/**
 * Places a customer walks into to buy ("stores", "shops", "parlors"), in the sectors serving walk-in
 * customers: an item ending in one needs the phrase to say one. Elsewhere a shop is a workshop.
 */
const shopfronts = new Set(ESTABLISHMENT.shopfront.map((w) => stem(w)));
const isShopfrontSector = (code: string): boolean => ESTABLISHMENT.shopfrontSectors.some((s) => code.startsWith(s));
/** Everyday clippings read as the index's full words ("lab" → laboratory): text/clipped-words.json. */
const clipped = new Map(Object.entries(CLIPPED.words).map(([short, full]) => [short, stem(full)]));

/** A word naming a place of business ("practice", "shop", "firm"), stemmed or not. */
export function isEstablishmentWord(word: string): boolean {
  return establishmentWords.has(stem(word));
}

/**
 * A word this common as the last word of index items names an activity done to a product
 * (manufacturing, wholesalers, contractors, mills, installation): an item saying it after its head
 * ("Cars, passenger, manufacturing") is about the product's makers or sellers.
 */
const ACTIVITY_SHARE = 0.01;
const ACTIVITY_MIN_ITEMS = 100;
/** Shared stems: at least 5 letters, or a whole word of 4 (farm, farming); then only a short ending each. */
const SHARED_STEM = 5;
const MIN_STEM = 4;
const MAX_SHORTER_REST = 3;
const MAX_LONGER_REST = 3;
/** What saying the item's words in the phrase's order adds to its coverage (a word said counts 0.9 or 1). */
const IN_ORDER = 0.05;
/**
 * What an item loses for a qualifier the phrase does not say before the phrase's own words ("driving
 * schools": "Automobile driving schools"): less than any word, so an item saying the phrase exactly wins.
 */
const QUALIFIER = 0.1;
/** A phrase needs this many words of its own for an item to add a qualifier ("car" never reads as "Car washes"). */
const MIN_QUALIFIED_WORDS = 2;
/**
 * What a phrase word counts when the item does not say it but its industry's title does ("veterinary" in
 * Veterinary Services for "Hospitals, animal"): less than a word the item says, more than the in-order tie-break.
 */
const TITLE_SAYS = 0.5;
/** Matched items whose codes share fewer digits than this do not name one industry. */
const MIN_PREFIX = 4;

type PreparedItem = {
  /** Position in the index: matches are read in index order. */
  order: number;
  code: string;
  text: string;
  head: string[];
  rest: string[];
  last: string;
  /** The head ended in a place of business ("Clothing stores"): it names the business only with a place. */
  place: boolean;
  /** That place was a shopfront ("stores", "parlors"): the phrase must say one too. */
  shopfront: boolean;
  /** The place is said as its people's ("Dentists' offices"): the people name it without a place word. */
  owners: boolean;
};
type Prepared = {
  items: PreparedItem[];
  activities: Set<string>;
  /** Items by the key of their head's first word (wordKey): the only ones a phrase saying that key can match. */
  byFirstWord: Map<string, PreparedItem[]>;
  /** Items of three head words or more by the key of the second: the phrase may say all but the first (QUALIFIER). */
  bySecondWord: Map<string, PreparedItem[]>;
  /**
   * Two words an item's head says one after the other, as one word ("daycare" → day, care), when the
   * index never writes the joined word itself ("bookstore" stays one word: the index says it).
   */
  compounds: Map<string, string[]>;
};

const prepared = new WeakMap<IndustryItem[], Prepared>();

function withoutParentheses(text: string): string {
  return text.replace(/\([^)]*\)/g, ' ');
}

function prepare(index: IndustryItem[]): Prepared {
  let p = prepared.get(index);
  if (p) return p;
  const items = index.map((item, order) => {
    const plain = withoutParentheses(item.text);
    const parts = plain.split(',');
    let head = contentWords(parts[0] ?? '');
    let restParts = parts.slice(1);
    // A head that is only a place takes its kind from the next part ("Agencies, insurance").
    if (head.length > 0 && head.every((w) => establishmentWords.has(w)) && restParts.length > 0) {
      head = [...contentWords(restParts[0]!), ...head];
      restParts = restParts.slice(1);
    }
    // The place of business at the end of the head ("Law firms", "Dentists' offices"), not a place named
    // as a kind of work ("Clinic construction").
    let place = false;
    let shopfront = false;
    let popped = 0;
    while (head.length > 0 && establishmentWords.has(head.at(-1)!)) {
      const word = head.pop()!;
      shopfront ||= shopfronts.has(word);
      place = true;
      popped++;
    }
    // The place belongs to the people the head names ("Dentists' offices", "Architects' private
    // practices"): saying the people names it ("for dentists"), as "Plumbers" names plumbing contractors.
    const rawHead = (parts[0] ?? '').trim().split(/\s+/);
    const owners = place && head.length > 0 && /\p{L}['’]s?$/u.test(rawHead.at(-1 - popped) ?? '');
    return {
      order,
      place,
      owners,
      shopfront: shopfront && isShopfrontSector(item.code),
      code: item.code,
      text: item.text,
      head,
      rest: contentWords(restParts.join(',')),
      last: contentWords(plain).at(-1) ?? '',
    };
  });
  const endings = new Map<string, number>();
  for (const item of items) endings.set(item.last, (endings.get(item.last) ?? 0) + 1);
  const activities = new Set(
    [...endings]
      .filter(([, n]) => n >= ACTIVITY_MIN_ITEMS && n / Math.max(1, items.length) >= ACTIVITY_SHARE)
      .map(([w]) => w),
  );
  const byFirstWord = new Map<string, PreparedItem[]>();
  const bySecondWord = new Map<string, PreparedItem[]>();
  for (const item of items) {
    if (item.head.length === 0) continue;
    const key = wordKey(item.head[0]!);
    byFirstWord.set(key, [...(byFirstWord.get(key) ?? []), item]);
    if (item.head.length <= MIN_QUALIFIED_WORDS) continue;
    const second = wordKey(item.head[1]!);
    bySecondWord.set(second, [...(bySecondWord.get(second) ?? []), item]);
  }
  const vocabulary = new Set(items.flatMap((item) => [...item.head, ...item.rest]));
  const compounds = new Map<string, string[]>();
  for (const item of items)
    for (let i = 1; i < item.head.length; i++) {
      const pair = [item.head[i - 1]!, item.head[i]!];
      if (!vocabulary.has(pair.join(''))) compounds.set(pair.join(''), pair);
    }
  p = { items, activities, byFirstWord, bySecondWord, compounds };
  prepared.set(index, p);
  return p;
}

/**
 * What two words that are one (sameWord) always share: the word itself when shorter than a shared stem
 * can be, else its first MIN_STEM letters. Items are looked up by it instead of read one by one.
 */
function wordKey(word: string): string {
  return word.length < MIN_STEM ? word : word.slice(0, MIN_STEM);
}

/**
 * Two words are one when equal, or when one continues the other's stem by a few letters: trucking and
 * truck, plumber and plumbing, farm and farming — not restaurant and restoration, nor car and care.
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  const shorter = Math.min(a.length, b.length);
  const longer = Math.max(a.length, b.length);
  return (
    n >= MIN_STEM &&
    n >= Math.min(SHARED_STEM, shorter) &&
    shorter - n <= MAX_SHORTER_REST &&
    longer - n <= MAX_LONGER_REST
  );
}

const nameCache = new WeakMap<IndustryItem[], Map<string, string[][]>>();
/** A word names the four-digit industry holding at least this share of the items whose heads say it. */
const NAME_WORD_SHARE = 0.4;
/** A one-word head names the industry alone only when its word is this much the industry's own. */
const NAME_WORD_ALONE_SHARE = 0.75;
const NAME_WORD_MIN_ITEMS = 2;

/**
 * How each four-digit industry is named in the NAICS index: the heads of its items (the kind of
 * business, places of business set aside: "Physicians' offices" → [physician]; "Income tax return
 * preparation services" → [income, tax, return, preparation]) that hold a word the industry owns —
 * said by the industry's items more than by any other's, and by a real share of all ("medical" or
 * "food" name no one industry). A text names the industry when it says every word of one such head.
 * Items about a product's makers or sellers ("Dental equipment merchant wholesalers") are left out.
 */
export function industryNames(market: Pick<MarketData, 'industryIndex'>): Map<string, string[][]> {
  let out = nameCache.get(market.industryIndex);
  if (out) return out;
  const { items, activities } = prepare(market.industryIndex);
  const usable = items.filter(
    (item) => item.head.length > 0 && !item.rest.some((w) => activities.has(w)) && !activities.has(item.head.at(-1)!),
  );
  const counts = new Map<string, Map<string, number>>();
  for (const item of usable)
    for (const w of new Set(item.head)) {
      if (w.length < MIN_STEM) continue;
      const byIndustry = counts.get(w) ?? new Map<string, number>();
      const code = item.code.slice(0, MIN_PREFIX);
      byIndustry.set(code, (byIndustry.get(code) ?? 0) + 1);
      counts.set(w, byIndustry);
    }
  /** The share of a word's items that are this industry's, when it is the industry holding most of them. */
  const owned = (w: string, code: string): number => {
    const byIndustry = counts.get(w);
    if (!byIndustry) return 0;
    const total = [...byIndustry.values()].reduce((x, y) => x + y, 0);
    const n = byIndustry.get(code) ?? 0;
    const most = Math.max(...byIndustry.values());
    return n === most && n >= NAME_WORD_MIN_ITEMS ? n / total : 0;
  };
  out = new Map();
  const seen = new Set<string>();
  for (const item of usable) {
    const code = item.code.slice(0, MIN_PREFIX);
    const key = `${code}|${item.head.join(' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const share = Math.max(...item.head.map((w) => owned(w, code)));
    if (share < (item.head.length === 1 ? NAME_WORD_ALONE_SHARE : NAME_WORD_SHARE)) continue;
    out.set(code, [...(out.get(code) ?? []), item.head]);
  }
  nameCache.set(market.industryIndex, out);
  return out;
}

function commonPrefix(codes: string[]): string {
  let prefix = codes[0] ?? '';
  for (const c of codes) while (!c.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/** The industry the customer phrase names, or null when no index item's kind of business is all in the phrase. */
export function matchIndustry(
  market: Pick<MarketData, 'industryIndex' | 'establishments'>,
  /** Six-digit NAICS code → the industry's title ("Offices of Lawyers"). */
  titles: ReadonlyMap<string, string>,
  phrase: string,
  /**
   * Exact: every word of the phrase is the item's head, word for word (a phrase cut from a longer sentence).
   * People: the phrase says whom a product is for ("for dentists"), so the people a place belongs to name
   * it; elsewhere they are staff ("our engineers") or someone a consumer sees ("my dentist").
   */
  options: { exact?: boolean; people?: boolean } = {},
): IndustryMatch | null {
  const { activities, byFirstWord, bySecondWord, compounds } = prepare(market.industryIndex);
  // A clipped word in full ("lab": laboratory), a closed compound in the index's two words ("daycare").
  const spelled = (w: string): string[] => {
    const full = clipped.get(w) ?? w;
    return compounds.get(full) ?? [full];
  };
  const said = rawWords(withoutParentheses(phrase)).map(stem).flatMap(spelled);
  const words = contentWords(withoutParentheses(phrase))
    .flatMap(spelled)
    .filter((w) => !establishmentWords.has(w));
  const namesPlace = said.some((w) => establishmentWords.has(w));
  const namesShopfront = said.some((w) => shopfronts.has(w));
  if (words.length === 0) return null;
  // The phrase's last word is its kind of business ("home care agencies": care, not home; "auto body
  // shops": body), or what it does to a product ("car manufacturers"): an item must say it.
  const key = words.at(-1)!;
  const titleWords = (code: string): string[] => contentWords(titles.get(code) ?? '');
  // An item names the customer's kind of business when it is a place the phrase also calls a place
  // ("coffee shops", "our law firm"), or when its head is the kind its industry's title names
  // ("Restaurants" in Full-Service Restaurants, "Plumbers" in Plumbing … Contractors). Otherwise it is
  // a product or a service about the thing ("my clothes": clothing stores; "my boat": boat repair).
  // Or when its industry's title says the phrase's other words: "veterinary hospitals" is "Hospitals,
  // animal" in Veterinary Services, not "Hospitals, general" in General Medical and Surgical Hospitals.
  const saidByItem = (item: PreparedItem, w: string): boolean =>
    [...item.head, ...item.rest].some((h) => sameWord(h, w));
  const saidByTitle = (item: PreparedItem): string[] =>
    words.filter((w) => !saidByItem(item, w) && titleWords(item.code).some((t) => sameWord(t, w)));
  // The people a place belongs to, said in the plural and nothing else ("for dentists"): a kind of
  // business. One of them ("my dentist", "finding a dentist") is someone a consumer sees.
  const lastSaid = rawWords(withoutParentheses(phrase)).at(-1) ?? '';
  const plural = stem(lastSaid) !== lastSaid;
  const namesOwners = (item: PreparedItem): boolean =>
    options.people === true && item.owners && !item.shopfront && plural && words.every((w) => saidByItem(item, w));
  const namesKind = (item: PreparedItem, activity: string | undefined): boolean =>
    item.place
      ? (namesPlace && (!item.shopfront || namesShopfront)) || namesOwners(item)
      : [...item.head, ...(activity ? [activity] : [])].some((h) =>
          titleWords(item.code).some((t) => sameWord(h, t)),
        ) || saidByTitle(item).length > 0;
  let best: PreparedItem[] = [];
  let bestCovered = 0;
  // Every word of an item's head must be in the phrase, its first word included: only the items filed
  // under a key of the phrase's words can match, in index order as before. Or every word but a first
  // that qualifies the phrase's own ("driving schools": "Automobile driving schools", "Truck driving
  // schools"), when the phrase has words enough to be a kind of its own.
  const keys = new Set(words.map(wordKey));
  const inPhrase = (h: string): boolean => words.some((w) => sameWord(h, w));
  const candidates = [
    ...new Set(
      [...keys].flatMap((k) => [
        ...(byFirstWord.get(k) ?? []),
        ...(words.length >= MIN_QUALIFIED_WORDS && !options.exact ? (bySecondWord.get(k) ?? []) : []),
      ]),
    ),
  ].sort((a, b) => a.order - b.order);
  for (const item of candidates) {
    const qualified = !inPhrase(item.head[0]!);
    if (qualified && (options.exact || words.length < MIN_QUALIFIED_WORDS || item.head.length <= MIN_QUALIFIED_WORDS))
      continue;
    if (!item.head.slice(qualified ? 1 : 0).every(inPhrase)) continue;
    if (options.exact && !(item.head.length === words.length && words.every((w) => item.head.includes(w)))) continue;
    const activity = item.rest.find((w) => [...activities].some((a) => sameWord(w, a)));
    if (activity && !words.some((w) => sameWord(w, activity))) continue;
    if (!item.head.some((h) => sameWord(h, key)) && !(activity && sameWord(activity, key))) continue;
    if (!namesKind(item, activity)) continue;
    // The more of the phrase an item says, the more specific the match ("real estate agents": real
    // estate agencies, not talent agents); a word said exactly counts more than one sharing its stem.
    // Words the item says after its head count too ("insurance agents": "Agents, insurance").
    const covered =
      words.reduce(
        (sum, w) =>
          sum +
          (item.head.includes(w) || item.rest.includes(w)
            ? 1
            : [...item.head, ...item.rest].some((h) => sameWord(h, w))
              ? 0.9
              : 0),
        0,
      ) +
      TITLE_SAYS * saidByTitle(item).length;
    // Said in the phrase's own order, the item is the phrase ("nursing homes": Nursing homes, not Home
    // nursing services): a tie-break, smaller than any word said or not.
    const at = item.head.map((h) => words.findIndex((w) => sameWord(h, w)));
    const score =
      covered + (at.every((i, k) => k === 0 || i > at[k - 1]!) ? IN_ORDER : 0) - (qualified ? QUALIFIER : 0);
    if (score > bestCovered) {
      best = [];
      bestCovered = score;
    }
    if (score === bestCovered) best.push(item);
  }
  if (best.length === 0) return null;
  // Matched items in several industries ("schools": elementary, driving, music): the four-digit
  // industry with the most establishments, the likeliest reading.
  const groups = new Map<string, PreparedItem[]>();
  for (const item of best)
    groups.set(item.code.slice(0, MIN_PREFIX), [...(groups.get(item.code.slice(0, MIN_PREFIX)) ?? []), item]);
  const establishmentsOf = (prefix: string): number => {
    let n = 0;
    for (const [code, count] of market.establishments) if (code.startsWith(prefix)) n += count.establishments;
    return n;
  };
  const [, chosen] = [...groups].sort(
    (a, b) => establishmentsOf(b[0]) - establishmentsOf(a[0]) || b[1].length - a[1].length || a[0].localeCompare(b[0]),
  )[0]!;
  return {
    naics: commonPrefix([...new Set(chosen.map((i) => i.code))]),
    items: [...new Set(chosen.map((i) => i.text))].slice(0, 3),
    phrase,
  };
}
