import { TASK_TITLE_MAX } from '#shared/action-plans/action-plans.constants.ts';
import type { TemplateRecipe } from '#shared/action-plans/action-plans.schemas.ts';
import type { ScoreKey } from '#shared/ideas/ideas.schemas.ts';
import type { IdeaFacts, Labour, OpportunityFacts } from './plan-facts.logic.ts';
import type { SystemTemplate } from './plan-templates.constants.ts';

// The generator's recipes: each turns the facts of one opportunity into tasks that name its own
// evidence, or into an honest fallback task (or none) when there is nothing to name.

export type GeneratedTask = { title: string; description: string; estimatedTime: string | null; evidenceIds: string[] };

const MAX_OCCUPATIONS = 2;
const MAX_COMPETITORS = 3;
const MAX_SOFTWARE = 5;

/** "Dentists, General" → "general dentists"; other titles lower-cased as they are. */
export function lower(occupation: string): string {
  const parts = occupation.split(',').map((p) => p.trim());
  const [head, tail] = parts;
  if (parts.length === 2 && head && tail && !tail.includes(' ')) return `${tail} ${head}`.toLowerCase();
  return occupation.toLowerCase();
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function quote(value: string): string {
  return `"${value.replace(/\.$/, '')}"`;
}

/** BLS figures for an occupation's SOC code (O*NET codes carry a ".00" suffix BLS does not). */
function labourOf(facts: OpportunityFacts, code: string): Labour | undefined {
  return facts.labour.get(code.replace(/\.\d+$/, ''));
}

/** At most `max` characters, cut at a word boundary with an ellipsis (issue 29: "…taking m"). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:"“(]+$/, '')}…`;
}

export function task(
  title: string,
  description: string,
  estimatedTime: string | null,
  evidenceIds: (string | null)[],
): GeneratedTask {
  return {
    title: clip(title, TASK_TITLE_MAX),
    description,
    estimatedTime,
    evidenceIds: evidenceIds.filter((id): id is string => Boolean(id)),
  };
}

type Recipe = (facts: OpportunityFacts, template: Pick<SystemTemplate, 'channels'>) => GeneratedTask[];

export const RECIPES: Record<TemplateRecipe, Recipe> = {
  'interview-occupations': (facts) => {
    const occupations = facts.occupations.slice(0, MAX_OCCUPATIONS);
    if (occupations.length === 0) {
      return [
        task(
          `Interview ten ${facts.segment} about ${facts.product}`,
          `The analysis names no occupation for this work, so start with the ${facts.segment} themselves: how do they handle ${facts.offering} today, what does it cost them, what have they tried?`,
          '1 week',
          [],
        ),
      ];
    }
    return occupations.map((o) => {
      const jobs = facts.workTasks.filter((w) => w.occupation === o.title).slice(0, 2);
      const labour = labourOf(facts, o.code);
      const reported = o.reportedTitle ? ` (reported title "${o.reportedTitle}")` : '';
      if (o.kind === 'customer') {
        return task(
          `Interview ${lower(o.title)} who would buy ${facts.product}`,
          [
            `O*NET names ${o.title} (${o.code})${reported} as the customers for this work.`,
            `Ask what ${facts.product} would be worth to them, who decides, and what they use today.`,
            labour?.employment ? `${labour.employment.note} (BLS).` : null,
          ]
            .filter(Boolean)
            .join(' '),
          '1 week',
          [o.evidenceId, labour?.employment?.id ?? null],
        );
      }
      const lines = [
        `O*NET lists this work as done by ${o.title} (${o.code})${reported}.`,
        jobs.length
          ? `Ask how they handle ${listNames(jobs.map((j) => quote(j.text)))} today, what it costs, and what they have tried.`
          : `Ask how they handle ${facts.offering} today, what it costs, and what they have tried.`,
        labour?.employment ? `${labour.employment.note} (BLS).` : null,
      ];
      return task(
        `Interview ${lower(o.title)} who work for ${facts.segment}`,
        lines.filter(Boolean).join(' '),
        '1 week',
        [o.evidenceId, ...jobs.map((j) => j.evidenceId), labour?.employment?.id ?? null],
      );
    });
  },
  'study-competitors': (facts) => {
    const competitors = facts.competitors.slice(0, MAX_COMPETITORS);
    if (competitors.length === 0) {
      return [
        task(
          `Look for incumbents of ${facts.product} outside our data`,
          'The directory names no competitor in this cell. That is not proof there is none: check app marketplaces, review sites and trade directories before building.',
          '1 day',
          [],
        ),
      ];
    }
    return competitors.map((c) => {
      const about = [c.batch, c.status].filter(Boolean).join(', ');
      const oneLiner = c.oneLiner?.trim().replace(/\.+$/, '');
      const sentence = c.match?.sentence.trim().replace(/\.+$/, '');
      const lines = [
        `${c.name}${about ? ` (${about})` : ''}${oneLiner ? `: ${oneLiner}` : ''}.`,
        sentence && sentence !== oneLiner ? `Why it competes: ${quote(sentence)}.` : null,
        `Sign up or book a demo; note its price, its onboarding and which ${facts.segment} it serves badly.`,
      ];
      return task(`Study ${c.name}`, lines.filter(Boolean).join(' '), '1 day', [c.evidenceId ?? null]);
    });
  },
  'study-incumbent-software': (facts) => {
    const software = facts.software.slice(0, MAX_SOFTWARE);
    if (software.length === 0) return [];
    const who = software[0]?.occupation ? lower(software[0].occupation) : 'the people doing this work';
    return [
      task(
        `Map the software this work runs on today: ${listNames(software.slice(0, 3).map((s) => s.name))}`,
        `O*NET lists ${listNames(software.map((s) => s.name))} as software used by ${who}. Decide whether ${facts.product} integrates with it or replaces it, and ask interviewees which one they use.`,
        '2 days',
        software.map((s) => s.evidenceId),
      ),
    ];
  },
  'size-market': (facts) => {
    const industry = facts.industries[0];
    const worker = facts.occupations.find((o) => o.kind === 'worker');
    const customer = facts.occupations.find((o) => o.kind === 'customer');
    const work = worker ? labourOf(facts, worker.code) : undefined;
    const buyers = customer ? labourOf(facts, customer.code) : undefined;
    const lines = [
      industry ? `Count the ${facts.segment} in NAICS ${industry.code} (${industry.name}) in your first region.` : null,
      buyers?.employment ? `Buyers: ${buyers.employment.note}.` : null,
      work?.employment ? `People doing the work: ${work.employment.note}.` : null,
      work?.growth ? `${work.growth.note}.` : null,
      work?.wage ? `${work.wage.note}: what the work costs a ${facts.segment.replace(/s$/, '')} today.` : null,
    ].filter(Boolean);
    if (lines.length === 0) return [];
    return [
      task(`Size the market for ${facts.product}`, lines.join(' '), '2 days', [
        industry?.evidenceId ?? null,
        buyers?.employment?.id ?? null,
        work?.employment?.id ?? null,
        work?.growth?.id ?? null,
        work?.wage?.id ?? null,
      ]),
    ];
  },
  'test-hypotheses': (facts) => (facts.idea ? ideaHypotheses(facts, facts.idea) : evidenceHypotheses(facts)),
  'check-regulation': (facts) =>
    facts.risks.map((r) =>
      task(
        `Check the ${r.flag} risk before building`,
        `${r.note ? `${r.note}. ` : ''}Find out which rules apply to ${facts.product} for ${facts.segment} and what they cost to meet.`,
        '3 days',
        [r.evidenceId],
      ),
    ),
  'build-first-job': (facts) => {
    const job = facts.workTasks[0];
    const software = facts.software[0];
    if (!job) {
      return [
        task(
          `Build the smallest version of ${facts.product} for ${facts.segment}`,
          'One job, end to end, for the customers you interviewed; nothing else.',
          '3 weeks',
          [],
        ),
      ];
    }
    return [
      task(
        `Build for one job first: ${quote(job.text)}`,
        [
          `Of the tasks O*NET lists for ${job.occupation || 'this work'}, the one closest to what ${facts.product} does. Do only this, end to end, for ${facts.segment}.`,
          software ? `Work alongside ${software.name} if interviews confirm they use it.` : null,
        ]
          .filter(Boolean)
          .join(' '),
        '3 weeks',
        [job.evidenceId, software?.evidenceId ?? null],
      ),
    ];
  },
  'test-channel': (facts, template) => {
    for (const channel of template.channels) {
      const industry = facts.industries[0];
      const occupation = facts.occupations[0];
      const competitor = facts.competitors[0];
      if (channel === 'industry-outbound' && industry) {
        return [
          task(
            `Test outbound to ${facts.segment} (NAICS ${industry.code} ${industry.name})`,
            `List 50 businesses classed under NAICS ${industry.code} from public directories, contact them with one offer for ${facts.product}, and count replies and meetings.`,
            '2 weeks',
            [industry.evidenceId],
          ),
        ];
      }
      if (channel === 'occupation-community' && occupation) {
        return [
          task(
            `Test reaching ${lower(occupation.title)} where they gather`,
            `Post one offer for ${facts.product} in the associations, forums and groups of ${lower(occupation.title)}; count sign-ups.`,
            '2 weeks',
            [occupation.evidenceId],
          ),
        ];
      }
      if (channel === 'competitor-alternatives' && competitor) {
        return [
          task(
            `Test a "${competitor.name} alternative" page`,
            `People searching for an alternative to ${competitor.name} already know the problem; measure sign-ups from that page.`,
            '2 weeks',
            [competitor.evidenceId ?? null],
          ),
        ];
      }
    }
    return [
      task(
        `Test one channel to reach ${facts.segment}`,
        'The evidence names no industry, occupation or competitor to aim at: pick one channel, one offer, and count replies.',
        '2 weeks',
        [],
      ),
    ];
  },
};

/** Hypotheses from the evidence: the pain of the first job, the first competitor, the price. */
function evidenceHypotheses(facts: OpportunityFacts): GeneratedTask[] {
  const job = facts.workTasks[0];
  const competitor = facts.competitors[0];
  const occupation = facts.occupations.find((o) => o.kind === 'worker') ?? facts.occupations[0];
  const wage = occupation ? labourOf(facts, occupation.code)?.wage : undefined;
  const out: GeneratedTask[] = [
    task(
      job
        ? `Test the hypothesis: ${facts.segment} feel the pain of ${quote(job.text)}`
        : `Test the hypothesis: ${facts.segment} feel the pain ${facts.product} removes`,
      'Kill criterion: fewer than 3 of 10 interviewees rank it among their top three problems.',
      '1 week',
      [job?.evidenceId ?? null],
    ),
  ];
  if (competitor) {
    out.push(
      task(
        `Test the hypothesis: ${competitor.name} does not serve ${facts.segment} well`,
        `Kill criterion: most interviewees already use ${competitor.name} or a tool like it and would not switch.`,
        '3 days',
        [competitor.evidenceId ?? null],
      ),
    );
  }
  out.push(
    task(
      `Test the hypothesis: ${facts.segment} will pay for ${facts.product}`,
      [
        wage ? `Anchor the price on what the work costs: ${wage.note}.` : null,
        'Kill criterion: no one commits (a letter of intent, a deposit or a paid pilot) after a demo.',
      ]
        .filter(Boolean)
        .join(' '),
      '1 week',
      [wage?.id ?? null],
    ),
  );
  return out;
}

/** At most this many of a validated idea's weak scores become work (the weakest first). */
const MAX_WEAK_SCORES = 2;
/** A score under this is weak enough to plan work on. */
const WEAK_SCORE = 60;

/**
 * The work that answers a weak score, never the score itself as a task (issue 29: "Raise the idea's
 * competition score"): the score and what would change it go in the description.
 */
const SCORE_WORK: Record<Exclude<ScoreKey, 'overall'>, (facts: OpportunityFacts) => string> = {
  competition: (f) => `Find what the existing companies leave undone for ${f.segment}`,
  originality: (f) => `Write down what ${f.product} does that the closest companies do not`,
  marketGap: (f) => `Check with ${f.segment} how often this problem comes up and what it costs them`,
  credibility: (f) => `Check the numbers behind ${f.product}: price, reachable customers and runway`,
};

/**
 * A validated idea's own hypotheses (with their kill criteria and interview scripts) in the idea's
 * order, those already killed left out, after the work its weakest scores call for.
 */
function ideaHypotheses(facts: OpportunityFacts, idea: IdeaFacts): GeneratedTask[] {
  const weak = idea.scores
    .filter(
      (s): s is typeof s & { key: Exclude<ScoreKey, 'overall'>; score: number } =>
        s.key !== 'overall' && s.score !== null && s.score < WEAK_SCORE,
    )
    .sort((a, b) => a.score - b.score)
    .slice(0, MAX_WEAK_SCORES)
    .map((s) =>
      task(
        SCORE_WORK[s.key](facts),
        `${s.whatWouldChange} (The idea's ${s.label.toLowerCase()} is ${s.score}/100.) Re-validate "${idea.title}" once you know more: it is recomputed from the same evidence.`,
        '3 days',
        [],
      ),
    );
  const tested = idea.hypotheses
    .filter((h) => h.status !== 'killed')
    .map((h) =>
      task(
        `Test the hypothesis: ${h.statement.replace(/\.$/, '')}`,
        [
          `Kill criterion: ${h.killCriterion.replace(/\.$/, '')}.`,
          h.status === 'supported' ? 'Already supported once: confirm it with people who would pay.' : null,
          h.interviewScript.length ? `Ask: ${h.interviewScript.map((q) => quote(q)).join(' ')}` : null,
        ]
          .filter(Boolean)
          .join(' '),
        '1 week',
        h.evidenceIds,
      ),
    );
  return tested.length > 0 || weak.length > 0 ? [...weak, ...tested] : evidenceHypotheses(facts);
}
