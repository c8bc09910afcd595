import type { Evidence } from '#shared/engine/analysis.schemas.ts';
import { evidenceDate } from './classify.ts';
import type { MeasuredCell } from './measure.ts';

// One insight per opportunity, in words, from its evidence: the single thing a founder should know
// before anything else — an empty neighbouring segment, a failure pattern, crowding, exits, legacy
// software holding the work, or how thinly the need is served. Every number comes from the evidence
// list the scores are computed from, so the sentence can be checked against it.

/** Entries in the recent window this much above the directory's own share are crowding. */
const CROWDING_RATIO = 1.5;
const CROWDING_MIN = 3;
const FAILURE_SHARE = 1 / 3;
const FAILURE_MIN = 2;
const LEGACY_MIN_TOOLS = 2;
const LEGACY_MAX_COMPANIES = 3;
const CONTESTED_ACTIVE = 5;

function list(items: string[], max = 3): string {
  const shown = items.slice(0, max);
  const more = items.length - shown.length;
  const joined = shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}`;
  return more > 0 ? `${joined} (+${more} more)` : joined;
}

const n = (v: number): string => v.toLocaleString('en-US');
const numberOf = (e: Evidence | undefined): number | null => (e && typeof e.value === 'number' ? e.value : null);

/** How many companies pass the cell's bar: the count its evidence keeps, else those listed (ADR 056). */
function competingOf(m: MeasuredCell): number {
  return Math.max(m.companies.length, numberOf(m.evidence.find((e) => e.id === 'cell:competitors')) ?? 0);
}

type Facts = {
  segment: string;
  companies: number;
  establishments: number | null;
  workers: { count: number; who: string } | null;
};

function factsOf(m: MeasuredCell): Facts {
  const workers = m.evidence.find((e) => e.id.startsWith('segment:') && e.id.endsWith(':workers'));
  return {
    segment: m.cell.segment,
    companies: competingOf(m),
    establishments: numberOf(m.evidence.find((e) => e.id === 'industry:establishments')),
    workers:
      workers && typeof workers.value === 'number'
        ? { count: Math.round(workers.value * 1000), who: /^[^:]+?(?= employed by)/.exec(workers.note)?.[0] ?? '' }
        : null,
  };
}

function emptySegment(f: Facts): string | null {
  if (f.companies > 0 || f.establishments === null) return null;
  const staff = f.workers ? ` and employ ${n(f.workers.count)} ${f.workers.who.toLowerCase()}` : '';
  return `Empty segment: ${f.segment} count ${n(f.establishments)} establishments${staff} (${f.workers ? 'Census, BLS' : 'Census'}), and no startup in the directory names them.`;
}

function nextDoor(own: Facts, others: Facts[]): string | null {
  if (own.establishments === null) return null;
  const better = others
    .filter((o) => o.establishments !== null && o.establishments >= own.establishments! && o.companies < own.companies)
    .sort((a, b) => a.companies - b.companies || b.establishments! - a.establishments!)[0];
  if (!better) return null;
  return `Next door: ${better.segment} count ${n(better.establishments!)} establishments and ${better.companies === 0 ? 'no startup' : `${better.companies} startup${better.companies === 1 ? '' : 's'}`} in the directory, against ${n(own.establishments)} and ${own.companies} here.`;
}

/**
 * What the cell's own companies say, most telling first: a failure pattern, crowding, exits, legacy
 * software, a contested field, then how thinly (or not) it is served — every one that holds.
 */
function withinCell(m: MeasuredCell): string[] {
  const { companies, evidence } = m;
  const active = companies.filter((c) => c.status === 'Active' || c.status === 'Public');
  const failed = companies.filter((c) => c.status === 'Inactive');
  const acquired = companies.filter((c) => c.status === 'Acquired');
  const window = evidence.find((e) => e.id === 'directory:recent');
  const total = numberOf(evidence.find((e) => e.id === 'directory:total'));
  const from = window ? Number(String(window.ref).split('-')[0]) : Number.POSITIVE_INFINITY;
  const recent = companies.filter((c) => Number((evidenceDate(c) ?? '0').slice(0, 4)) >= from);
  const directoryShare = window && total ? (numberOf(window) ?? 0) / total : 0;
  const tools = evidence.filter((e) => e.id.includes(':tech:')).map((e) => String(e.value));
  const competing = competingOf(m);
  if (companies.length === 0)
    return [
      tools.length > 0
        ? `White space in the directory: no startup in it does this, while the work runs on ${list(tools)} (O*NET) — the incumbents to replace.`
        : 'White space in the directory: no startup in it does this. Test the demand before building: the directory is a sample, not the market.',
    ];
  const said: string[] = [];
  if (failed.length >= FAILURE_MIN && failed.length / companies.length >= FAILURE_SHARE)
    said.push(
      `Failure pattern: ${failed.length} of ${companies.length} shut down (${list(failed.map((c) => `${c.name}, ${c.batch}`))}). The need outlived them: find out what broke before building the same model.`,
    );
  if (
    recent.length >= CROWDING_MIN &&
    directoryShare > 0 &&
    recent.length / companies.length >= CROWDING_RATIO * directoryShare
  )
    said.push(
      `Crowding: ${recent.length} of ${companies.length} entered in ${window!.ref}, against ${Math.round(directoryShare * 100)} % of the whole directory. Founders are arriving now: a newcomer needs a sharper wedge than "the same, for less".`,
    );
  if (acquired.length > 0)
    said.push(
      `Exits, not failures: ${list(acquired.map((c) => c.name))} ${acquired.length === 1 ? 'was' : 'were'} acquired — buyers have paid for this need, and they are partners or acquirers for the next entrant.`,
    );
  if (tools.length >= LEGACY_MIN_TOOLS && competing <= LEGACY_MAX_COMPANIES)
    said.push(
      `Legacy software holds the work: ${list(tools)} (O*NET), challenged by only ${list(companies.map((c) => c.name))} in the directory.`,
    );
  if (active.length >= CONTESTED_ACTIVE)
    said.push(
      `Contested: ${active.length} active companies (${list(active.map((c) => c.name))}), ${recent.length} of them from ${window?.ref ?? 'recent years'}. Win on a segment or a job they serve badly.`,
    );
  const independent = active.length < companies.length ? `, ${active.length} of them still active and independent` : '';
  said.push(
    competing > companies.length
      ? `Served by ${n(competing)} companies in the directory; the closest: ${list(companies.map((c) => c.name))}${active.length < companies.length ? `, ${active.length} of those ${companies.length} still active and independent` : ''}.`
      : `Thinly served: only ${list(companies.map((c) => c.name))} in the directory${independent}.`,
  );
  return said;
}

/**
 * The insight of each cell, in the cells' order: segment facts first (they compare cells), then the
 * cell's own. Cells that share their companies (a market's jobs) would say the same first thing word
 * for word: each says the most telling thing that an earlier cell has not already said, and repeats
 * one only when it has nothing else.
 */
export function cellInsights(cells: readonly MeasuredCell[]): string[] {
  const facts = cells.map(factsOf);
  const said = new Set<string>();
  return cells.map((m, i) => {
    const own = facts[i]!;
    const others = facts.filter((_, j) => j !== i && cells[j]!.cell.kind !== 'job');
    const segment =
      (m.cell.kind === 'adjacent' ? emptySegment(own) : null) ??
      (m.cell.kind === 'core' ? nextDoor(own, others) : null);
    const candidates = segment ? [segment] : withinCell(m);
    const insight = candidates.find((c) => !said.has(c)) ?? candidates[0]!;
    said.add(insight);
    return insight;
  });
}
