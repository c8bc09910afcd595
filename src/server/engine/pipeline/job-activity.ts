import { socBase } from '../corpus/load-datasets.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import type { CustomerIndustry } from './customer-industry.ts';
import type { Job } from './jobs.ts';
import { contentWords } from '../text/tokenize.ts';
import { staffingSoc, staffOf } from './staffing.ts';

// How many people do a job, whatever their title: the O*NET detailed work activity (DWA) a job's task
// belongs to ("Answer telephones to direct calls") is done by several occupations; counted within the
// customer's industry (BLS staffing matrix, 2018), two jobs of one worker differ in demand, so a
// market's opportunities can be ranked. Without a customer industry nothing is claimed: counted in the
// whole economy, an activity as broad as "Analyze patient data" (6.6 million people) would size a
// single clinical task far above the query's own need.

export type JobActivity = {
  id: string;
  title: string;
  /** Occupations doing the activity, largest first (persons). */
  occupations: { soc: string; title: string; employment: number }[];
  employment: number;
  /** The customer's industry, where the people were counted. */
  industry: string;
};

export function jobActivity(index: EngineIndex, job: Job, industry: CustomerIndustry | null): JobActivity | null {
  const market = index.corpus.market;
  if (!market || !industry?.code) return null;
  const code = industry.code;
  const ids = market.activities.byTask.get(job.task.taskId) ?? [];
  // The task's activity that shares most words with it ("Operate telephone switchboard" → "Answer
  // telephones to direct calls"), the more widely done one on a tie.
  const taskWords = new Set(contentWords(job.task.text));
  const shared = (title: string): number => contentWords(title).filter((w) => taskWords.has(w)).length;
  const activity = ids
    .map((id) => market.activities.byId.get(id)!)
    .sort((a, b) => shared(b.title) - shared(a.title) || b.socs.length - a.socs.length || a.id.localeCompare(b.id))[0];
  if (!activity) return null;
  const socs = new Set(activity.socs.map((soc) => staffingSoc(market.staffing, socBase(soc))));
  const occupations = staffOf(market.staffing, code)
    .filter((m) => socs.has(m.soc))
    .map((m) => ({ soc: m.soc, title: m.title, employment: m.employment }));
  const employment = occupations.reduce((sum, o) => sum + o.employment, 0);
  if (employment <= 0) return null;
  return {
    id: activity.id,
    title: activity.title.replace(/\.$/, ''),
    occupations,
    employment,
    industry: market.staffing.industryTitle.get(code) ?? industry.title,
  };
}
