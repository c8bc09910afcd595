import type { Competitor, Evidence, Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { ScoreKey } from '#shared/ideas/ideas.schemas.ts';

// What a plan is generated from, read out of an opportunity's evidence: the occupations (workers and
// customers) and their tasks and software from O*NET, employment from BLS, industries from NAICS,
// competitors from the directory, risk flags; and, for a plan started from a validated idea, the
// idea's scores and hypotheses.

/** A validated idea's part in a plan: its weakest scores to raise and its hypotheses to test. */
export type IdeaFacts = {
  id: number;
  title: string;
  scores: { key: ScoreKey; label: string; score: number | null; whatWouldChange: string }[];
  hypotheses: {
    statement: string;
    killCriterion: string;
    interviewScript: string[];
    status: 'untested' | 'supported' | 'killed';
    evidenceIds: string[];
  }[];
};

export type GeneratorInput = Pick<
  Opportunity,
  'title' | 'cell' | 'competitors' | 'evidence' | 'riskFlags' | 'targetAudience'
> & { idea?: IdeaFacts | null };

/** An O*NET occupation the analysis links: the people doing the work, or the customers buying it. */
export type Occupation = {
  code: string;
  title: string;
  kind: 'worker' | 'customer';
  reportedTitle: string | null;
  evidenceId: string;
};
type WorkTask = { text: string; occupation: string; evidenceId: string };
type Software = { name: string; occupation: string; evidenceId: string };
export type Industry = { code: string; name: string; evidenceId: string };
export type Labour = { employment?: Evidence; growth?: Evidence; wage?: Evidence };

export type OpportunityFacts = {
  /** The job or need the opportunity is about (may be an O*NET task: "Operate telephone switchboard…"). */
  offering: string;
  /** What the founder builds, named by the opportunity's plain title (never an O*NET task as a product name). */
  product: string;
  /** 'enterprise' only when the evidence says the buyers are large organisations; else tasks fit a small business. */
  customers: 'enterprise' | 'small';
  segment: string;
  occupations: Occupation[];
  workTasks: WorkTask[];
  software: Software[];
  industries: Industry[];
  labour: Map<string, Labour>;
  competitors: Competitor[];
  risks: { flag: string; note: string | null; evidenceId: string | null }[];
  /** The validated idea the plan starts from: its scores and its hypotheses with kill criteria. */
  idea: IdeaFacts | null;
};

function text(value: Evidence['value']): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * "People whose work this does or supports: Receptionists and Information Clerks (reported title
 * "Dental Receptionist"); 63 % match…" → the title, and the reported title when there is one.
 */
function occupationTitle(note: string): { title: string; reported: string | null } | null {
  const title = /:\s*([^;(]+)/.exec(note)?.[1]?.trim();
  if (!title) return null;
  return { title, reported: /reported title "([^"]+)"/.exec(note)?.[1] ?? null };
}

function ofOccupation(note: string): string {
  return /(?:Task of|used by)\s+(.+?)(?:\s+\(|$)/.exec(note)?.[1]?.trim() ?? '';
}

/** Words that say the buyers are large organisations (the only case for SSO, audit logs, procurement). */
const ENTERPRISE =
  /\b(enterprises?|corporations?|corporate|large (?:companies|businesses|organi[sz]ations|employers)|fortune \d+|multinationals?|health systems?|hospital systems?|banks|insurers|governments?|government agencies|universities)\b/i;

/**
 * The product's name: the opportunity's title without a trailing "for <segment>" (the tasks name the
 * segment themselves), first letter lower-cased unless it is an acronym ("AI phone answering").
 */
export function productName(title: string, segment: string): string {
  const plain = title.trim().replace(/[.!]+$/, '');
  const suffix = [' for ', ' in ', ' among ']
    .map((p) => `${p}${segment}`.toLowerCase())
    .find((p) => plain.toLowerCase().endsWith(p));
  const name = suffix && plain.length > suffix.length ? plain.slice(0, plain.length - suffix.length) : plain;
  const first = name.slice(0, 2);
  return first === first.toUpperCase() ? name : name.charAt(0).toLowerCase() + name.slice(1);
}

export function factsOf(opportunity: GeneratorInput): OpportunityFacts {
  const facts: OpportunityFacts = {
    offering: opportunity.cell.offering,
    product: productName(opportunity.title, opportunity.cell.segment),
    customers: ENTERPRISE.test([opportunity.title, opportunity.cell.segment, opportunity.targetAudience].join(' '))
      ? 'enterprise'
      : 'small',
    segment: opportunity.cell.segment,
    occupations: [],
    workTasks: [],
    software: [],
    industries: [],
    labour: new Map(),
    competitors: [...opportunity.competitors].sort((a, b) => Number(b.verified) - Number(a.verified)),
    risks: [],
    idea: opportunity.idea ?? null,
  };
  for (const e of opportunity.evidence) {
    if (/^onet:[^:]+:role$/.test(e.id)) {
      const found = occupationTitle(e.note);
      if (found) {
        facts.occupations.push({
          code: e.ref,
          title: found.title,
          kind: e.value === 'customer' ? 'customer' : 'worker',
          reportedTitle: found.reported,
          evidenceId: e.id,
        });
      }
    } else if (/^onet:[^:]+:task:/.test(e.id)) {
      const value = text(e.value);
      if (value) facts.workTasks.push({ text: value, occupation: ofOccupation(e.note), evidenceId: e.id });
    } else if (/^onet:[^:]+:tech:/.test(e.id)) {
      const value = text(e.value);
      if (value) facts.software.push({ name: value, occupation: ofOccupation(e.note), evidenceId: e.id });
    } else if (/^naics:/.test(e.id)) {
      const value = text(e.value);
      if (value) facts.industries.push({ code: e.ref, name: value, evidenceId: e.id });
    } else if (/^bls:/.test(e.id)) {
      const kind = /^bls:[^:]+:(employment|growth|wage)$/.exec(e.id)?.[1] as keyof Labour | undefined;
      if (kind) facts.labour.set(e.ref, { ...facts.labour.get(e.ref), [kind]: e });
    }
  }
  // The segment's own industry first (e.g. "Offices of Dentists" for dental practices): the one to sell to.
  const stems = facts.segment
    .toLowerCase()
    .split(/\W+/)
    .filter((w) => w.length >= 4)
    .map((w) => w.slice(0, 4));
  const isSegments = (i: Industry) =>
    stems.some((s) =>
      i.name
        .toLowerCase()
        .split(/\W+/)
        .some((w) => w.startsWith(s)),
    );
  facts.industries.sort((a, b) => Number(isSegments(b)) - Number(isSegments(a)));
  for (const flag of opportunity.riskFlags) {
    const evidence = opportunity.evidence.find((e) => e.id === `risk:${flag}`);
    facts.risks.push({ flag, note: evidence?.note ?? null, evidenceId: evidence?.id ?? null });
  }
  return facts;
}
