import { createHash } from 'node:crypto';
import type { Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { IdeaCustomer } from '#shared/ideas/idea-customer.ts';
import type { IdeaScore, IdeaValidation, ScoreKey } from '#shared/ideas/ideas.schemas.ts';

// The idea's three riskiest assumptions, from its weakest scores and the evidence behind them, each
// as a falsifiable hypothesis with a kill criterion and a short interview script that asks about
// past behaviour, never opinions of the idea. They name the idea's customer (its target market's, or
// the founder's choice) and, when the evidence names it, the worker who does the job there.

export type DraftHypothesis = {
  key: string;
  rank: number;
  basedOn: ScoreKey;
  evidenceIds: string[];
  statement: string;
  killCriterion: string;
  interviewScript: string[];
};

const HYPOTHESES = 3;
const TESTABLE: ScoreKey[] = ['marketGap', 'competition', 'credibility', 'originality'];

type Context = {
  /** The customer, as resolved from the target market or chosen by the founder. */
  who: string;
  /** The occupation that does the job at the customer's, when the evidence names it. */
  worker: string | null;
  workerId: string | null;
  job: string;
  jobId: string | null;
  nearest: string | null;
  nearestId: string | null;
  incumbent: string | null;
  incumbentId: string | null;
  monthlyRevenue: number | null;
  customersId: string | null;
};

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1).replace(/\.$/, '');
}

function shorten(s: string, max: number): string {
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length <= max ? t : `${t.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** The customer as the hypotheses name them: "offices of dentists", "dentists", or the target market's words. */
function whoOf(customer: IdeaCustomer | null, targetMarket: string): string {
  if (!customer || customer.kind === 'consumers') return shorten(targetMarket, 80);
  return customer.title.toLowerCase();
}

function context(
  best: Opportunity | null,
  customer: IdeaCustomer | null,
  idea: { title: string; targetMarket: string; monthlyRevenue: number | null },
): Context {
  const task = best?.evidence.find((e) => /^onet:[^:]+:task:/.test(e.id));
  const tech = best?.evidence.find((e) => /^onet:[^:]+:tech:/.test(e.id));
  const nearest = best?.competitors[0];
  return {
    who: whoOf(customer, idea.targetMarket),
    // A consumer does the job themselves: the worker is named only at a business's or a practitioner's.
    worker: customer?.worker && customer.kind !== 'consumers' ? customer.worker.title.toLowerCase() : null,
    job:
      typeof task?.value === 'string'
        ? `"${lowerFirst(task.value)}"`
        : `the problem "${shorten(idea.title, 80)}" solves`,
    jobId: task?.id ?? null,
    nearest: nearest?.name ?? null,
    nearestId: nearest?.evidenceId ?? null,
    incumbent: typeof tech?.value === 'string' ? tech.value : null,
    incumbentId: tech?.id ?? null,
    monthlyRevenue: idea.monthlyRevenue,
    customersId: customer?.evidenceIds.at(-1) ?? null,
    workerId: customer?.worker && customer.kind !== 'consumers' ? customer.worker.evidenceId : null,
  };
}

/** The script's opening: whom to ask for (the person who does the work), at the customer's. */
function opening(c: Context): string[] {
  return c.worker
    ? [`Ask to speak with the ${c.worker} at ${c.who}, the people who do this work, and whoever pays for their tools.`]
    : [];
}

const only = (...ids: (string | null)[]): string[] => ids.filter((id): id is string => id !== null);

function draft(basedOn: ScoreKey, c: Context): Omit<DraftHypothesis, 'key' | 'rank'> {
  switch (basedOn) {
    case 'marketGap':
      return {
        basedOn,
        evidenceIds: only(c.jobId, c.customersId, c.workerId),
        statement: `${capital(c.who)} lose more than 2 hours a week to the work this idea takes on: ${c.job}${c.worker ? `, work their ${c.worker} do` : ''}.`,
        killCriterion: `Fewer than 3 of 10 ${c.who} you interview report spending more than 2 hours on it in the past week${c.worker ? ` (ask their ${c.worker})` : ''}.`,
        interviewScript: [
          ...opening(c),
          `Tell me about the last time you worked on ${c.job}. What happened?`,
          'How long did it take, from start to finish?',
          'What did you use to get it done, and what did that cost?',
          'How many times did that happen last week?',
          'What have you tried before to make it easier? Why did you stop?',
        ],
      };
    case 'competition': {
      const rival = c.incumbent ?? c.nearest ?? 'the tools they already use';
      return {
        basedOn,
        evidenceIds: only(c.incumbentId ?? c.nearestId),
        statement: `${rival} does not already do this job well enough for ${c.who}.`,
        killCriterion: `6 or more of 10 ${c.who} say they already handle it with ${rival} or another tool and have not looked for anything else in the past 12 months.`,
        interviewScript: [
          ...opening(c),
          'Walk me through how you handled this the last time it came up.',
          'Which tools or services did you use? How did you come to use them?',
          'When did you last look for something different? What set that off?',
          'What did you end up doing?',
        ],
      };
    }
    case 'originality': {
      const rival = c.nearest ?? 'existing products';
      return {
        basedOn,
        evidenceIds: only(c.nearestId),
        statement: `${capital(c.who)} who know ${rival} still have a problem it leaves unsolved, which this idea solves.`,
        killCriterion: `Fewer than 3 of 10 ${c.who} who have used ${rival} or something like it describe a recent time it failed them on this.`,
        interviewScript: [
          ...opening(c),
          `When did you last use ${rival} or something like it? What for?`,
          'Tell me about the last time it did not do what you needed. What happened next?',
          'What did you do instead?',
          'How often has that happened in the past three months?',
        ],
      };
    }
    default: {
      const target =
        c.monthlyRevenue !== null ? `$${c.monthlyRevenue.toLocaleString('en-US')} a month` : 'a paying business';
      return {
        basedOn: 'credibility',
        evidenceIds: only(c.customersId),
        statement: `Enough ${c.who} already pay to solve this to reach ${target}.`,
        killCriterion: `Fewer than 3 of 10 ${c.who} have paid for any product or service for this in the past 12 months.`,
        interviewScript: [
          ...opening(c),
          'What have you paid for in the past year to deal with this? How much?',
          'Who decided on that purchase, and how?',
          'Tell me about something for this you stopped paying for. Why did you stop?',
          'What did you do before you paid for anything?',
        ],
      };
    }
  }
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Three hypotheses from the weakest scores (ties in a fixed order); insufficient data tests the market itself. */
export function draftHypotheses(options: {
  /** The opportunity the idea was scored on (about its customer). */
  best: Opportunity | null;
  customer: IdeaCustomer | null;
  validation: IdeaValidation;
  idea: { title: string; targetMarket: string; monthlyRevenue: number | null };
}): DraftHypothesis[] {
  const { best, customer, validation, idea } = options;
  const c = context(best, customer, idea);
  const scored = validation.scores.filter((s): s is IdeaScore => TESTABLE.includes(s.key));
  const weakest =
    validation.status === 'ok'
      ? [...scored].sort(
          (a, b) => (a.score ?? -1) - (b.score ?? -1) || TESTABLE.indexOf(a.key) - TESTABLE.indexOf(b.key),
        )
      : TESTABLE.map((key) => scored.find((s) => s.key === key)!).filter(Boolean);
  return weakest.slice(0, HYPOTHESES).map((s, i) => {
    const d = draft(s.key, c);
    const key = `${d.basedOn}:${createHash('sha256').update(d.statement).digest('hex').slice(0, 12)}`;
    return { ...d, key, rank: i + 1 };
  });
}
