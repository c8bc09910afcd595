import { socBase } from '../corpus/load-datasets.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import type { CustomerIndustry } from './customer-industry.ts';
import type { Job } from './jobs.ts';
import { contentWords } from '../text/tokenize.ts';
import { staffOf } from './staffing.ts';

// How many people do a job, whatever their title: the O*NET detailed work activity (DWA) a job's task
// belongs to ("Schedule appointments.") is done by several occupations; within the customer's
// industry (BLS staffing matrix, 2018) or, without one, in the whole economy (BLS projections, 2023).
// Two jobs of one worker then differ in demand, so a market's opportunities can be ranked.

export type JobActivity = {
  id: string;
  title: string;
  /** Occupations doing the activity, largest first (persons). */
  occupations: { soc: string; title: string; employment: number }[];
  employment: number;
  /** The customer's industry title, or null when counted in the whole economy. */
  industry: string | null;
};

export function jobActivity(index: EngineIndex, job: Job, industry: CustomerIndustry | null): JobActivity | null {
  const market = index.corpus.market;
  if (!market) return null;
  const ids = market.activities.byTask.get(job.task.taskId) ?? [];
  // The task's activity that shares most words with it ("Operate telephone switchboard" → "Answer
  // telephones to direct calls"), the more widely done one on a tie.
  const taskWords = new Set(contentWords(job.task.text));
  const shared = (title: string): number => contentWords(title).filter((w) => taskWords.has(w)).length;
  const activity = ids
    .map((id) => market.activities.byId.get(id)!)
    .sort((a, b) => shared(b.title) - shared(a.title) || b.socs.length - a.socs.length || a.id.localeCompare(b.id))[0];
  if (!activity) return null;
  const socs = new Set(activity.socs.map(socBase));
  const occupations = industry
    ? staffOf(market.staffing, industry.code)
        .filter((m) => socs.has(m.soc))
        .map((m) => ({ soc: m.soc, title: m.title, employment: m.employment }))
    : [...socs]
        .map((soc) => index.corpus.projections.get(soc))
        .filter((p) => p !== undefined)
        .map((p) => ({ soc: p.soc, title: p.title, employment: Math.round(p.employment2023 * 1000) }))
        .sort((a, b) => b.employment - a.employment || a.soc.localeCompare(b.soc));
  const employment = occupations.reduce((sum, o) => sum + o.employment, 0);
  if (employment <= 0) return null;
  return {
    id: activity.id,
    title: activity.title.replace(/\.$/, ''),
    occupations,
    employment,
    industry: industry?.title ?? null,
  };
}
