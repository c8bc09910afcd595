import type { PlanTemplatePhase, PlanTemplateTask, TemplateRecipe } from '#shared/action-plans/action-plans.schemas.ts';
import type { Competitor, Evidence, Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { SystemTemplate } from './plan-templates.ts';

// Turns one opportunity of a stored analysis and a template into the four phases of a plan. Every
// name in a task comes from the opportunity's evidence (occupations and their tasks and software from
// O*NET, employment from BLS, industries from NAICS, competitors from the directory); a recipe with no
// evidence to name yields an honest fallback task or none, never an invented name.

export type GeneratorInput = Pick<
  Opportunity,
  'title' | 'cell' | 'competitors' | 'evidence' | 'riskFlags' | 'targetAudience'
>;

export type GeneratedTask = { title: string; description: string; estimatedTime: string | null; evidenceIds: string[] };
export type GeneratedPhase = {
  name: string;
  description: string | null;
  estimatedDuration: string | null;
  tasks: GeneratedTask[];
};

/** An O*NET occupation the analysis links: the people doing the work, or the customers buying it. */
type Occupation = {
  code: string;
  title: string;
  kind: 'worker' | 'customer';
  reportedTitle: string | null;
  evidenceId: string;
};
type WorkTask = { text: string; occupation: string; evidenceId: string };
type Software = { name: string; occupation: string; evidenceId: string };
type Industry = { code: string; name: string; evidenceId: string };
type Labour = { employment?: Evidence; growth?: Evidence; wage?: Evidence };

export type OpportunityFacts = {
  offering: string;
  segment: string;
  occupations: Occupation[];
  workTasks: WorkTask[];
  software: Software[];
  industries: Industry[];
  labour: Map<string, Labour>;
  competitors: Competitor[];
  risks: { flag: string; note: string | null; evidenceId: string | null }[];
};

const MAX_OCCUPATIONS = 2;
const MAX_COMPETITORS = 3;
const MAX_SOFTWARE = 5;

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

export function factsOf(opportunity: GeneratorInput): OpportunityFacts {
  const facts: OpportunityFacts = {
    offering: opportunity.cell.offering,
    segment: opportunity.cell.segment,
    occupations: [],
    workTasks: [],
    software: [],
    industries: [],
    labour: new Map(),
    competitors: [...opportunity.competitors].sort((a, b) => Number(b.verified) - Number(a.verified)),
    risks: [],
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

/** "Dentists, General" → "general dentists"; other titles lower-cased as they are. */
function lower(occupation: string): string {
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

function task(
  title: string,
  description: string,
  estimatedTime: string | null,
  evidenceIds: (string | null)[],
): GeneratedTask {
  return {
    title: title.slice(0, 200),
    description,
    estimatedTime,
    evidenceIds: evidenceIds.filter((id): id is string => Boolean(id)),
  };
}

type Recipe = (facts: OpportunityFacts, template: Pick<SystemTemplate, 'channels'>) => GeneratedTask[];

const RECIPES: Record<TemplateRecipe, Recipe> = {
  'interview-occupations': (facts) => {
    const occupations = facts.occupations.slice(0, MAX_OCCUPATIONS);
    if (occupations.length === 0) {
      return [
        task(
          `Interview ten ${facts.segment} about ${facts.offering}`,
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
          `Interview ${lower(o.title)} who would buy ${facts.offering}`,
          [
            `O*NET names ${o.title} (${o.code})${reported} as the customers for this work.`,
            `Ask what ${facts.offering} would be worth to them, who decides, and what they use today.`,
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
          `Look for incumbents of ${facts.offering} outside our data`,
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
        `O*NET lists ${listNames(software.map((s) => s.name))} as software used by ${who}. Decide whether ${facts.offering} integrates with it or replaces it, and ask interviewees which one they use.`,
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
      task(`Size the market for ${facts.offering}`, lines.join(' '), '2 days', [
        industry?.evidenceId ?? null,
        buyers?.employment?.id ?? null,
        work?.employment?.id ?? null,
        work?.growth?.id ?? null,
        work?.wage?.id ?? null,
      ]),
    ];
  },
  'test-hypotheses': (facts) => {
    const job = facts.workTasks[0];
    const competitor = facts.competitors[0];
    const occupation = facts.occupations.find((o) => o.kind === 'worker') ?? facts.occupations[0];
    const wage = occupation ? labourOf(facts, occupation.code)?.wage : undefined;
    const out: GeneratedTask[] = [
      task(
        job
          ? `Test the hypothesis: ${facts.segment} feel the pain of ${quote(job.text)}`
          : `Test the hypothesis: ${facts.segment} feel the pain ${facts.offering} removes`,
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
        `Test the hypothesis: ${facts.segment} will pay for ${facts.offering}`,
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
  },
  'check-regulation': (facts) =>
    facts.risks.map((r) =>
      task(
        `Check the ${r.flag} risk before building`,
        `${r.note ? `${r.note}. ` : ''}Find out which rules apply to ${facts.offering} for ${facts.segment} and what they cost to meet.`,
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
          `Build the smallest version of ${facts.offering} for ${facts.segment}`,
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
          `The first job O*NET lists for ${job.occupation || 'this work'}. Do only this, end to end, for ${facts.segment}.`,
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
            `List 50 businesses classed under NAICS ${industry.code} from public directories, contact them with one offer for ${facts.offering}, and count replies and meetings.`,
            '2 weeks',
            [industry.evidenceId],
          ),
        ];
      }
      if (channel === 'occupation-community' && occupation) {
        return [
          task(
            `Test reaching ${lower(occupation.title)} where they gather`,
            `Post one offer for ${facts.offering} in the associations, forums and groups of ${lower(occupation.title)}; count sign-ups.`,
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

const PLACEHOLDER = /\{(offering|segment|industry|occupation|competitor)\}/g;

function fill(textWithSlots: string | undefined, facts: OpportunityFacts): string | null {
  if (textWithSlots === undefined) return '';
  let missing = false;
  const values: Record<string, string | undefined> = {
    offering: facts.offering,
    segment: facts.segment,
    industry: facts.industries[0]?.name,
    occupation: facts.occupations[0] ? lower(facts.occupations[0].title) : undefined,
    competitor: facts.competitors[0]?.name,
  };
  const out = textWithSlots.replace(PLACEHOLDER, (_, key: string) => {
    const value = values[key];
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : out;
}

function expand(
  item: PlanTemplateTask,
  facts: OpportunityFacts,
  template: Pick<SystemTemplate, 'channels'>,
): GeneratedTask[] {
  if (item.recipe) return RECIPES[item.recipe](facts, template);
  const title = fill(item.title, facts);
  const description = fill(item.description, facts);
  if (!title || description === null) return [];
  return [task(title, description, item.estimatedTime ?? null, [])];
}

/** The phases of a plan for this opportunity, from this template. */
export function generatePhases(
  opportunity: GeneratorInput,
  template: { phases: PlanTemplatePhase[]; channels: SystemTemplate['channels'] },
): GeneratedPhase[] {
  const facts = factsOf(opportunity);
  return template.phases.map((phase) => {
    const seen = new Set<string>();
    const tasks = phase.tasks
      .flatMap((item) => expand(item, facts, template))
      .filter((t) => (seen.has(t.title) ? false : (seen.add(t.title), true)));
    return {
      name: phase.name,
      description: phase.description ?? null,
      estimatedDuration: phase.estimatedDuration ?? null,
      tasks,
    };
  });
}
