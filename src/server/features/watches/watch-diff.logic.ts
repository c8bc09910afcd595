import type { Competitor, Opportunity } from '#shared/engine/analysis.schemas.ts';
import {
  SCORE_MOVE_THRESHOLD,
  WATCHED_SCORE_KEYS,
  WATCHED_SCORES,
  type WatchDiff,
  type WatchedScore,
  type WatchSnapshot,
} from '#shared/watches/watches.schemas.ts';

// What a watch compares between two runs (ADR 035): the companies the analysis names (by name, with
// status and batch), its opportunities (by market cell) and their scores with the factor that moved
// each one most. Pure functions: the re-run job and the tests call them directly.

type OpportunityLike = Pick<Opportunity, 'title' | 'cell' | 'breakdown' | 'competitors'> &
  Record<Exclude<WatchedScore, 'marketSize'>, number> & { marketSize: number | null };

function cellKey(cell: Opportunity['cell']): string {
  return `${cell.offering}|${cell.segment}`;
}

/** The compact snapshot of an analysis (a fresh GapAnalysis or the stored search's results). */
export function snapshotOf(analysis: {
  status: 'ok' | 'insufficient_data';
  opportunities: OpportunityLike[];
}): WatchSnapshot {
  const companies = new Map<string, WatchSnapshot['companies'][number]>();
  const opportunities = analysis.opportunities.map((o) => {
    for (const c of o.competitors) addCompany(companies, c);
    const scores = Object.fromEntries(WATCHED_SCORE_KEYS.map((key) => [key, o[key]])) as Record<
      WatchedScore,
      number | null
    >;
    const factors = Object.fromEntries(
      WATCHED_SCORE_KEYS.map((key) => [
        key,
        o.breakdown[key].factors.map((f) => ({
          key: f.key,
          label: f.label,
          value: f.value,
          contribution: f.contribution,
          explanation: f.explanation,
        })),
      ]),
    ) as WatchSnapshot['opportunities'][number]['factors'];
    return { key: cellKey(o.cell), title: o.title, scores, factors };
  });
  return {
    status: analysis.status,
    opportunities,
    companies: [...companies.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

function addCompany(into: Map<string, WatchSnapshot['companies'][number]>, c: Competitor): void {
  // Only companies from the data: an LLM-suggested name has no status or batch to follow.
  if (c.source === 'llm' || into.has(c.name)) return;
  into.set(c.name, { name: c.name, status: c.status ?? null, batch: c.batch ?? null });
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** What changed from `before` to `after`; every list empty means nothing changed. */
export function diffSnapshots(before: WatchSnapshot, after: WatchSnapshot): WatchDiff {
  const oldCompanies = new Map(before.companies.map((c) => [c.name, c]));
  const newCompanies = new Map(after.companies.map((c) => [c.name, c]));
  const entered = after.companies.filter((c) => !oldCompanies.has(c.name));
  const left = before.companies.filter((c) => !newCompanies.has(c.name)).map((c) => ({ name: c.name }));
  const statusChanges = after.companies.flatMap((c) => {
    const old = oldCompanies.get(c.name);
    return old && old.status !== c.status ? [{ name: c.name, from: old.status, to: c.status }] : [];
  });

  const oldOpps = new Map(before.opportunities.map((o) => [o.key, o]));
  const newOpps = new Map(after.opportunities.map((o) => [o.key, o]));
  const appeared = after.opportunities.filter((o) => !oldOpps.has(o.key)).map((o) => ({ title: o.title }));
  const vanished = before.opportunities.filter((o) => !newOpps.has(o.key)).map((o) => ({ title: o.title }));

  const scoreMoves: WatchDiff['scoreMoves'] = [];
  for (const next of after.opportunities) {
    const prev = oldOpps.get(next.key);
    if (!prev) continue;
    for (const key of WATCHED_SCORE_KEYS) {
      const label = WATCHED_SCORES[key];
      const from = prev.scores[key];
      const to = next.scores[key];
      if (from === undefined || to === undefined || !moved(from, to)) continue;
      scoreMoves.push({
        opportunity: next.title,
        score: label,
        from: from === null ? null : round(from),
        to: to === null ? null : round(to),
        factor: mostMoved(prev.factors[key], next.factors[key]),
      });
    }
  }

  return {
    entered,
    left,
    statusChanges,
    appeared,
    vanished,
    scoreMoves,
    statusChange: before.status === after.status ? null : { from: before.status, to: after.status },
  };
}

/** A score moved past the threshold, or became (or stopped being) not sized. */
function moved(from: number | null, to: number | null): boolean {
  if (from === null || to === null) return from !== to;
  return Math.abs(to - from) > SCORE_MOVE_THRESHOLD;
}

type Factors = WatchSnapshot['opportunities'][number]['factors'][WatchedScore] | undefined;

function mostMoved(before: Factors, after: Factors): WatchDiff['scoreMoves'][number]['factor'] {
  if (!before || !after) return null;
  const old = new Map(before.map((f) => [f.key, f]));
  let best: { label: string; from: number; to: number; explanation: string; delta: number } | null = null;
  for (const f of after) {
    const prev = old.get(f.key);
    const delta = Math.abs(f.contribution - (prev?.contribution ?? 0));
    if (delta > 0 && (!best || delta > best.delta))
      best = { label: f.label, from: round(prev?.value ?? 0), to: round(f.value), explanation: f.explanation, delta };
  }
  if (!best) return null;
  const { delta: _delta, ...factor } = best;
  return factor;
}

/** How many lines the diff has (0: unchanged). */
export function changeCount(diff: WatchDiff): number {
  return (
    diff.entered.length +
    diff.left.length +
    diff.statusChanges.length +
    diff.appeared.length +
    diff.vanished.length +
    diff.scoreMoves.length +
    (diff.statusChange ? 1 : 0)
  );
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One line for the notification: “dental clinics”: 2 companies entered, 1 status change. */
export function diffHeadline(diff: WatchDiff): string {
  const parts: string[] = [];
  if (diff.statusChange) parts.push(diff.statusChange.to === 'ok' ? 'now has an answer' : 'no longer has enough data');
  if (diff.entered.length > 0) parts.push(`${plural(diff.entered.length, 'company', 'companies')} entered`);
  if (diff.statusChanges.length > 0) parts.push(plural(diff.statusChanges.length, 'status change', 'status changes'));
  if (diff.left.length > 0) parts.push(`${plural(diff.left.length, 'company', 'companies')} left`);
  if (diff.appeared.length > 0) parts.push(`${plural(diff.appeared.length, 'opportunity', 'opportunities')} appeared`);
  if (diff.vanished.length > 0) parts.push(`${plural(diff.vanished.length, 'opportunity', 'opportunities')} vanished`);
  if (diff.scoreMoves.length > 0) parts.push(`${plural(diff.scoreMoves.length, 'score', 'scores')} moved`);
  return parts.join(', ');
}
