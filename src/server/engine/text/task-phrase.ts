import WORDS from './task-phrase-words.json' with { type: 'json' };
import { isAdjective, isMostlyVerb, isOnlyAdjective, isVerbLemma } from './wordnet.ts';

// An O*NET task statement as an opportunity's title: the job itself, as a gerund phrase, without the
// clause that says why, how or with what examples ("Schedule and confirm patient appointments,
// surgeries, or consultations." → "Scheduling and confirming patient appointments"). Examples and
// counter-examples: text/task-phrase.test.ts; every O*NET task is checked for the glitches a reader
// notices at once (a verb of a list left unconjugated, a title ending on "related" or "local").

/** Verbs of more than one syllable stressed on the last, which double their final consonant ("transferring"). */
const DOUBLE_FINAL = new Set(WORDS.doubleFinal.words);

export function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  // "pre-soak" → "pre-soaking": the verb is the last part.
  const dash = lower.lastIndexOf('-');
  if (dash > 0) return `${lower.slice(0, dash + 1)}${gerund(lower.slice(dash + 1))}`;
  const v = lower;
  // One syllable ending consonant-vowel-consonant doubles its last letter (scrub → scrubbing, stop →
  // stopping), not after w, x or y (show, fix, play); longer verbs stressed at the end are listed.
  if (DOUBLE_FINAL.has(v) || /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(v)) return `${v}${v.at(-1)}ing`;
  if (v.endsWith('ie')) return `${v.slice(0, -2)}ying`;
  if (v.endsWith('e') && !/(ee|ye|oe)$/.test(v) && v !== 'be') return `${v.slice(0, -1)}ing`;
  return `${v}ing`;
}

const MAX_TITLE_WORDS = 9;
/** Words that lead into what follows them: after these, "to" is never a purpose ("related to", "ways to improve"). */
const LEAD_INS = WORDS.leadIns.words;
/** Words a title cut short must not end on: function words, and the lead-ins. */
const DANGLING = new Set([...WORDS.dangling.words, ...LEAD_INS]);
/** Nouns of compound prepositions ("in accordance with", "in preparation for"): "in" + one of these never ends a title. */
const IN_PHRASES = new Set(WORDS.inPhrases.words);
/** "related to", "due to": "to" after these leads into what the job concerns, never into its purpose. */
const LEADS_IN = new RegExp(`\\b(?:${LEAD_INS.join('|')})$`, 'i');

/**
 * ", national, or international factors": after the comma, single words, then "and"/"or" and a word
 * followed by its noun. When the word before such a comma is an adjective, it is the list's first
 * modifier ("local"), not the end of a phrase ("inventory, personnel, or machine maintenance" is a list of nouns).
 */
const MODIFIER_LIST = /^,\s+(?:[a-z-]+,\s+)*[a-z-]+,?\s+(?:and|or)\s+([a-z-]+)\s+[a-z-]+/i;

type Span = { from: number; to: number };

/**
 * The clause up to its first comma, semicolon or parenthesis, when at least three words come before it;
 * a comma that opens a list of modifiers is passed over (the list is kept whole, and its span in words
 * returned so a later cut does not end inside it).
 */
function beforeFirstBreak(clause: string): { clause: string; lists: Span[] } {
  const lists: Span[] = [];
  for (let from = 0; ;) {
    const rel = clause.slice(from).search(/,|;|\s\(/);
    if (rel < 0) return { clause, lists };
    const at = from + rel;
    const head = clause.slice(0, at).split(/\s+/);
    const before = head.length;
    // "Direct, plan, or implement …": a comma inside the leading list of verbs is passed over.
    if (clause[at] === ',' && leadingList(head).span === head.length) {
      from = at + 1;
      continue;
    }
    if (before < 3) return { clause, lists };
    // "Lead, or participate in, fraud investigation teams": a break after a dangling word is inside the job.
    if (DANGLING.has(head.at(-1)!.toLowerCase())) {
      from = at + 1;
      continue;
    }
    const found = clause[at] === ',' && isAdjective(head.at(-1)!) ? MODIFIER_LIST.exec(clause.slice(at)) : null;
    // The last modifier ("international") is an adjective too: "… improved, damaged, or has changed" is no such list.
    const list = found && isAdjective(found[1]!) ? found : null;
    if (!list) return { clause: clause.slice(0, at), lists };
    const end = at + list[0].length;
    // The list ends on its noun: the span covers the first modifier to the word before the noun.
    lists.push({ from: before - 1, to: clause.slice(0, end).split(/\s+/).length - 1 });
    from = end;
  }
}

/**
 * Where the clause's purpose, means or examples begin, or -1. "to" starts a purpose only before a
 * verb ("… to confirm appointments"); before anything else it belongs to the job ("related to the
 * practice of law", "due to catastrophe"). After a question word it says what the job is ("how to care").
 */
function purposeAt(clause: string): number {
  const marker =
    /(?<!\b(?:how|what|where|when|whether|which|who|whom))\s(to|in order to|so that|using|according to|by|such as|including)\s(\S+)/g;
  for (let m = marker.exec(clause); m; m = marker.exec(clause)) {
    if (m[1] === 'to' && (!isVerbLemma(m[2]!) || LEADS_IN.test(clause.slice(0, m.index)))) continue;
    return m.index;
  }
  return -1;
}

/** The words of the leading list of verbs ("Direct, plan, or implement …"): their positions in `tokens`. */
function leadingVerbs(tokens: readonly string[]): number[] {
  return leadingList(tokens).verbs;
}

/** Particles of phrasal verbs ("set up", "carry out"), part of the verb before them. */
const PARTICLES = new Set(WORDS.particles.words);

/**
 * The leading list of verbs: the positions of its verbs, and how many tokens it spans (its verbs,
 * their particles and the "and"/"or" between them).
 */
function leadingList(tokens: readonly string[]): { verbs: number[]; span: number } {
  const verbs = [0];
  let span = 1;
  for (let i = 1; i < tokens.length; i++) {
    const previous = tokens[i - 1]!;
    const word = tokens[i]!.replace(/,$/, '');
    // "Set up, operate, or tend": a particle right after a verb belongs to it.
    if (!previous.endsWith(',') && PARTICLES.has(word.toLowerCase()) && verbs.includes(i - 1)) {
      span = i + 1;
      continue;
    }
    // "Scrub, scrape, or spray": after a comma, or after "and"/"or", a verb WordNet knows extends the list.
    if (/^(and|or)$/i.test(word)) continue;
    const afterComma = previous.endsWith(',');
    const afterJoint = /^(and|or)$/i.test(previous);
    if (!(afterComma || afterJoint) || !isVerbLemma(word)) break;
    verbs.push(i);
    span = i + 1;
    if (afterJoint) break;
  }
  return { verbs, span };
}

/**
 * A verb that starts a second job after the first one's plural object ("Answer telephones and take
 * messages"): after "and"/"or" that follows a plural noun, a word used more often as a verb than as a
 * noun. A singular word there may be a noun ("staff and budget"), and a word mostly a noun may start
 * one ("ducts and water lines"): both are left as written.
 */
function laterVerbs(tokens: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 2; i + 1 < tokens.length; i++) {
    const before = tokens[i - 1]!;
    if (/^(and|or)$/i.test(tokens[i]!) && /[a-z]s$/.test(before) && isMostlyVerb(tokens[i + 1]!.replace(/,$/, '')))
      out.push(i + 1);
  }
  return out;
}

/** The words kept when a clause is cut to MAX_TITLE_WORDS: no dangling end, no end inside a list of modifiers. */
function cutToTitle(tokens: readonly string[], lists: readonly Span[]): string[] {
  let kept = tokens.slice(0, MAX_TITLE_WORDS);
  const inside = lists.find((l) => l.from < kept.length && kept.length <= l.to);
  if (inside && inside.from >= 3) kept = kept.slice(0, inside.from);
  // Nor on a word that only qualifies the next ("… for a specific", "… of new").
  // A participle ("improved", "existing") may end a clause; WordNet lists many as adjectives only.
  const dangles = (word: string): boolean => DANGLING.has(word) || (isOnlyAdjective(word) && !/(ed|ing)$/.test(word));
  const trim = (): void => {
    for (let length = -1; length !== kept.length;) {
      length = kept.length;
      while (kept.length > 2 && dangles(kept.at(-1)!.toLowerCase().replace(/,$/, ''))) kept.pop();
      // "… and assign" cut from its object: the second job goes whole.
      if (kept.length > 4 && /^(and|or)$/i.test(kept.at(-2)!) && isVerbLemma(kept.at(-1)!)) kept.splice(-2);
      // "… in preparation | for presentation of cases": a compound preposition cut from its object goes whole.
      if (kept.length > 4 && /^in$/i.test(kept.at(-2)!) && IN_PHRASES.has(kept.at(-1)!.toLowerCase())) kept.splice(-2);
    }
  };
  trim();
  // Cut inside a phrase ("… or to initiate legal" of "legal actions"): keep the whole first part of an
  // "or"/"and" instead ("Gathering evidence to formulate defense"), unless the "or" joins a list of modifiers.
  const next = tokens[kept.length]?.toLowerCase();
  const inList = (i: number): boolean => lists.some((l) => l.from <= i && i < l.to);
  const joint = kept.findLastIndex((w, i) => i >= 3 && /^(or|and)$/i.test(w) && !inList(i));
  if (!inside && next !== undefined && !DANGLING.has(next) && joint > 0) {
    kept = kept.slice(0, joint);
    trim();
  }
  return kept;
}

/**
 * "Schedule and confirm patient appointments, surgeries, or consultations." → "Scheduling and confirming
 * patient appointments"; "Resolve billing complaints by performing activities such as…" → "Resolving
 * billing complaints"; "Direct, plan, or implement policies" → "Directing, planning, or implementing policies".
 */
export function taskPhrase(text: string): string {
  const broken = beforeFirstBreak(text.replace(/\.$/, '').trim());
  let clause = broken.clause;
  const purpose = purposeAt(clause);
  if (purpose > 0 && clause.slice(0, purpose).split(/\s+/).length >= 3) clause = clause.slice(0, purpose);
  let tokens = clause.split(/\s+/).filter((t) => t.length > 0);
  if (tokens.length === 0) return clause;
  if (tokens.length > MAX_TITLE_WORDS) tokens = cutToTitle(tokens, broken.lists);
  const out = [...tokens];
  const last = out.length - 1;
  out[last] = out[last]!.replace(/[,;:]$/, '');
  for (const i of [...leadingVerbs(out), ...laterVerbs(out)]) {
    const [, word, comma] = /^(.*?)(,?)$/.exec(out[i]!)!;
    out[i] = `${gerund(word!)}${comma}`;
  }
  const phrase = out.join(' ');
  return `${phrase[0]!.toUpperCase()}${phrase.slice(1)}`;
}
