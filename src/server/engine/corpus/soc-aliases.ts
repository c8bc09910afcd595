import { stem, words } from '../text/tokenize.ts';
import type { Staffing } from './market-data.types.ts';

// The BLS staffing matrix (2018–28) still codes occupations by SOC 2010; O*NET and the projections use
// SOC 2018, which renumbered 151 occupations (software developers 15-1132 → 15-1252, physicians,
// counsellors, teaching assistants…). Without a bridge those occupations have no industry and no place
// on any industry's staff. The bridge is read from the two files' own titles: a 2018 occupation the
// matrix lacks maps to the retired 2010 occupation whose title carries its role ("developers"), its
// rarest word and most of its words by weight ("Software Developers" → "Software developers,
// applications"). Where no retired title does, nothing is claimed: "Data Scientists" had no 2010
// occupation of their own, and "Facilities Managers" are not any retired occupation's managers.

/** Share of a title's word weight (rarity) a retired title must carry. */
const MIN_COVERAGE = 0.5;

/** A title's words (plurals folded), without the clause naming what it excludes ("…, except aircraft cargo handling supervisors"). */
function titleWords(title: string): Set<string> {
  return new Set(words(title.split(/,?\s+except\s+/i)[0]!).map(stem));
}

/** The role a title names: the last word before its first comma ("Teaching Assistants, Postsecondary" → assistant). */
function role(title: string): string | null {
  const head = words(title.split(',')[0]!);
  return head.length > 0 ? stem(head[head.length - 1]!) : null;
}

/**
 * SOC 2018 base codes (six characters, "15-1252") absent from the matrix → the matrix's code for the
 * same work. Deterministic: ties go to the retired occupation employing more people, then the lower code.
 */
export function socAliases(
  staffing: Staffing,
  occupations: readonly { soc: string; title: string }[],
): Map<string, string> {
  const current = new Set(occupations.map((o) => o.soc.slice(0, 7)));
  const retired = [...staffing.occupationTitle]
    .filter(([code]) => !current.has(code))
    .map(([code, title]) => ({ code, words: titleWords(title), employment: staffing.national.get(code) ?? 0 }));
  const titles = [...occupations.map((o) => o.title), ...staffing.occupationTitle.values()];
  const frequency = new Map<string, number>();
  for (const title of titles) for (const w of titleWords(title)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const weight = (w: string): number => Math.log(titles.length / (frequency.get(w) ?? 1));
  const aliases = new Map<string, string>();
  for (const o of occupations) {
    const soc = o.soc.slice(0, 7);
    if (staffing.national.has(soc) || aliases.has(soc)) continue;
    const own = [...titleWords(o.title)];
    const head = role(o.title);
    if (own.length === 0 || head === null) continue;
    const total = own.reduce((sum, w) => sum + weight(w), 0);
    const rarest = [...own].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))[0]!;
    let best: { code: string; coverage: number; employment: number } | null = null;
    for (const r of retired) {
      if (!r.words.has(rarest) || !r.words.has(head)) continue;
      const coverage = own.filter((w) => r.words.has(w)).reduce((sum, w) => sum + weight(w), 0) / total;
      if (coverage < MIN_COVERAGE) continue;
      const better =
        !best ||
        coverage > best.coverage ||
        (coverage === best.coverage &&
          (r.employment > best.employment || (r.employment === best.employment && r.code < best.code)));
      if (better) best = { code: r.code, coverage, employment: r.employment };
    }
    if (best) aliases.set(soc, best.code);
  }
  return aliases;
}
