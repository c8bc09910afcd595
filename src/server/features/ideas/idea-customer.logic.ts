import type { Evidence, GapAnalysis, Opportunity } from '#shared/engine/analysis.schemas.ts';
import { optionKey, type CustomerChoice, type CustomerOption, type IdeaCustomer } from '#shared/ideas/idea-customer.ts';
import { inSentence } from '../../engine/text/as-written.ts';

// Who an idea sells to, read by the engine (issue 29): the engine reads the customer of a text the way
// it reads a search (the segment a query names, the business a founder runs, a practitioner's home
// industry) and cites it as evidence of the opportunity about that customer. Validation asks it about
// the idea's target market first, then its title; the founder can pick another customer the same
// analyses name, or consumers. Pure: the analyses in, the customer and the opportunity to score out.

const INDUSTRY = 'industry:customer';
const ESTABLISHMENTS = 'industry:establishments';
const ROLE = /^onet:([^:]+):role$/;

type WithEvidence = Pick<Opportunity, 'evidence'>;

const byId = (o: WithEvidence, id: string): Evidence | undefined => o.evidence.find((e) => e.id === id);
const soc7 = (ref: string) => ref.slice(0, 7);

/** The industry an opportunity is about as its customer's (not a neighbour's): NAICS code and title. */
function industryOf(o: WithEvidence): { code: string; title: string } | null {
  const e = byId(o, INDUSTRY);
  if (!e || typeof e.value !== 'string' || e.note.startsWith('Adjacent industry')) return null;
  return { code: e.ref, title: e.value };
}

/** Any industry an opportunity names (its customer's or a neighbour's): the founder may choose it. */
function namedIndustry(o: Opportunity): { code: string; title: string } | null {
  const e = byId(o, INDUSTRY);
  return e && typeof e.value === 'string' ? { code: e.ref, title: e.value } : null;
}

type Occupation = { code: string; title: string; roleId: string; employmentId: string; count: number };

function occupationsOf(o: WithEvidence, role: 'customer' | 'worker'): Occupation[] {
  const out: Occupation[] = [];
  for (const e of o.evidence) {
    if (!ROLE.test(e.id) || (role === 'customer') !== (e.value === 'customer')) continue;
    const code = soc7(e.ref);
    const employment = byId(o, `bls:${code}:employment`);
    if (!employment || typeof employment.value !== 'number') continue;
    out.push({
      code,
      title: employment.note.split(':')[0] ?? code,
      roleId: e.id,
      employmentId: employment.id,
      count: Math.round(employment.value * 1000),
    });
  }
  return out;
}

const anyOccupation = (o: Opportunity): Occupation[] => [
  ...occupationsOf(o, 'customer'),
  ...occupationsOf(o, 'worker'),
];

/** The opportunity that speaks for an analysis: its query's own (core), else the most relevant. */
function leading(analysis: GapAnalysis): Opportunity | null {
  if (analysis.status !== 'ok') return null;
  const sorted = [...analysis.opportunities].sort((a, b) => b.relevance - a.relevance || a.rank - b.rank);
  return sorted.find((o) => o.cell.kind === 'core') ?? sorted[0] ?? null;
}

/** `strict`: the industry must be the opportunity's own customer's, not a neighbour it names. */
function serves(o: Opportunity, option: Pick<CustomerOption, 'kind' | 'code'>, strict: boolean): boolean {
  if (option.kind === 'industry') return (strict ? industryOf(o) : namedIndustry(o))?.code === option.code;
  if (option.kind === 'occupation') return anyOccupation(o).some((c) => c.code === option.code);
  return industryOf(o) === null && occupationsOf(o, 'customer').length === 0;
}

/** The customer as an option, read from one opportunity: its industry, else its customer occupation. */
function optionFrom(o: WithEvidence): CustomerOption | null {
  const industry = industryOf(o);
  if (industry) return { kind: 'industry', code: industry.code, title: industry.title };
  const occupation = occupationsOf(o, 'customer')[0];
  return occupation ? { kind: 'occupation', code: occupation.code, title: occupation.title } : null;
}

/**
 * The idea form's target market and worker from one opportunity (the "Validate" action): the customer
 * the analysis read (the segment its query named, else its customer industry or occupation), never the
 * occupation that does the job; that worker is returned apart, for the description.
 */
export function prefillCustomer(o: Pick<Opportunity, 'cell' | 'evidence'>): {
  targetMarket: string;
  worker: string | null;
} {
  // The form asks for at least 5 characters: a shorter segment ("spas") gives way to the industry's title.
  const named = o.cell.segment !== 'all customers' && o.cell.segment.trim().length >= 5 ? o.cell.segment.trim() : null;
  const option = optionFrom(o);
  const customer = named ?? option?.title ?? `Buyers of ${inSentence(o.cell.offering)}`;
  const worker = occupationsOf(o, 'worker').find((w) => w.code !== option?.code && !sameName(w.title, customer));
  return { targetMarket: customer.charAt(0).toUpperCase() + customer.slice(1), worker: worker?.title ?? null };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const CONSUMERS: CustomerOption = { kind: 'consumers', code: null, title: 'Consumers' };

/** Every customer the analyses name (industries, occupations) and consumers, without repeats. */
export function customerOptions(analyses: readonly GapAnalysis[]): CustomerOption[] {
  const seen = new Map<string, CustomerOption>();
  for (const a of analyses)
    for (const o of a.status === 'ok' ? a.opportunities : []) {
      const industry = namedIndustry(o);
      const found: CustomerOption[] = [
        ...(industry ? [{ kind: 'industry' as const, ...industry }] : []),
        // The people who do the work may be the buyers too (a tool a practitioner buys for themselves).
        ...anyOccupation(o).map((c) => ({
          kind: 'occupation' as const,
          code: c.code,
          title: c.title,
        })),
      ];
      for (const option of found) if (!seen.has(optionKey(option))) seen.set(optionKey(option), option);
    }
  return [...seen.values(), CONSUMERS];
}

/**
 * The opportunity about this customer in the analyses: one whose own customer it is before one that
 * names it as a neighbour; then the first analysis first, the most relevant first.
 */
export function opportunityFor(
  analyses: readonly GapAnalysis[],
  option: Pick<CustomerOption, 'kind' | 'code'>,
): { analysis: GapAnalysis; best: Opportunity } | null {
  for (const strict of [true, false])
    for (const analysis of analyses) {
      if (analysis.status !== 'ok') continue;
      const sorted = [...analysis.opportunities].sort((a, b) => b.relevance - a.relevance || a.rank - b.rank);
      const best = sorted.find((o) => serves(o, option, strict));
      if (best) return { analysis, best };
    }
  return null;
}

/**
 * The customer the engine reads from the idea: the target market's analysis first, then the title's;
 * neither naming an industry nor a customer occupation reads as consumers.
 */
export function readIdeaCustomer(sources: { targetMarket: GapAnalysis | null; title: GapAnalysis | null }): {
  option: CustomerOption;
  chosenBy: IdeaCustomer['chosenBy'];
} {
  for (const from of ['targetMarket', 'title'] as const) {
    const analysis = sources[from];
    const lead = analysis ? leading(analysis) : null;
    const option = lead ? optionFrom(lead) : null;
    if (option) return { option, chosenBy: from };
  }
  return { option: CONSUMERS, chosenBy: 'targetMarket' };
}

/** The founder's choice as an option, when the analyses list it (else null: not a customer they name). */
export function optionOfChoice(options: readonly CustomerOption[], choice: CustomerChoice): CustomerOption | null {
  if (choice.kind === 'automatic') return null;
  const key = choice.kind === 'consumers' ? 'consumers' : `${choice.kind}:${choice.code}`;
  return options.find((o) => optionKey(o) === key) ?? null;
}

function reasonFor(option: CustomerOption, chosenBy: IdeaCustomer['chosenBy'], idea: { targetMarket: string }): string {
  if (chosenBy === 'you') return `You chose ${option.title.toLowerCase()} as the customer.`;
  const field = chosenBy === 'targetMarket' ? `your target market “${idea.targetMarket.trim()}”` : 'the idea’s title';
  if (option.kind === 'industry')
    return `The engine reads ${field} as the industry ${option.title} (NAICS ${option.code}).`;
  if (option.kind === 'occupation')
    return `The engine reads ${field} as people working as ${option.title.toLowerCase()}.`;
  return `The engine finds no single industry or occupation in ${field}: it reads the customers as consumers (or buyers across many industries), whom the data do not count.`;
}

/** The customer with its count and the worker who does the job, from the opportunity about it. */
export function describeCustomer(
  option: CustomerOption,
  chosenBy: IdeaCustomer['chosenBy'],
  about: Opportunity | null,
  idea: { targetMarket: string },
): IdeaCustomer {
  let count: number | null = null;
  let evidenceIds: string[] = [];
  if (about && option.kind === 'industry') {
    const establishments = byId(about, ESTABLISHMENTS);
    const matches = establishments?.ref === option.code && typeof establishments.value === 'number';
    count = matches ? Math.round(establishments.value as number) : null;
    evidenceIds = [INDUSTRY, ...(matches ? [ESTABLISHMENTS] : [])];
  } else if (about && option.kind === 'occupation') {
    const occupation = anyOccupation(about).find((c) => c.code === option.code);
    count = occupation?.count ?? null;
    evidenceIds = occupation ? [occupation.roleId, occupation.employmentId] : [];
  }
  // Someone else who does the job: a practitioner chosen as the customer does their own work.
  const worker = about ? occupationsOf(about, 'worker').find((w) => w.code !== option.code) : undefined;
  return {
    ...option,
    count,
    evidenceIds,
    worker: worker ? { title: worker.title, evidenceId: worker.employmentId } : null,
    chosenBy,
    reason: reasonFor(option, chosenBy, idea),
  };
}

/** The evidence a customer cites, taken from the opportunity about it (ids like industry:* are per opportunity). */
export function customerEvidence(customer: IdeaCustomer, about: Opportunity | null): Evidence[] {
  if (!about) return [];
  const ids = new Set([...customer.evidenceIds, ...(customer.worker ? [customer.worker.evidenceId] : [])]);
  return about.evidence.filter((e) => ids.has(e.id));
}
