import type { Evidence } from '#shared/engine/analysis.schemas.ts';
import { socBase } from '../corpus/load-datasets.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import type { CustomerIndustry } from './customer-industry.ts';
import type { JobActivity } from './job-activity.ts';
import type { OccupationFit } from './occupation-match.ts';
import { staffingSoc } from './staffing.ts';

// The evidence a cell's industry gives (measure.ts gathers it with the rest): the customers' industry
// (NAICS, Census establishments, who it employs), how many of the product's workers the segment's
// industry employs, and how many people do the job's work activity (BLS staffing).

const pct = (v: number): string => `${(Math.round(v * 1000) / 10).toLocaleString('en-US')} %`;

/** "Dentists, general" → "General dentists", "Cooks, restaurant" → "Restaurant cooks": a title that reads in a sentence. */
export function plainTitle(title: string): string {
  const m = /^([^,]+), ([A-Za-z]+)$/.exec(title.trim());
  if (!m) return title;
  const [, head, modifier] = m;
  return `${modifier![0]!.toUpperCase()}${modifier!.slice(1).toLowerCase()} ${head!.toLowerCase()}`;
}

function industryNote(industry: CustomerIndustry): string {
  const count = industry.employment.toLocaleString('en-US');
  const employees =
    industry.employment <= 0
      ? ''
      : industry.staffingTitle && industry.staffingTitle !== industry.title
        ? `; ${industry.staffingTitle.toLowerCase()} employed ${count} people in 2018`
        : `; ${count} employees in 2018`;
  if (industry.adjacentTo) {
    const alike =
      industry.adjacentTo.alike !== null
        ? `, staffed ${pct(industry.adjacentTo.alike)} alike (BLS staffing patterns)`
        : '';
    return `Adjacent industry: ${industry.title} (NAICS ${industry.naics}), beside the customer's ${industry.adjacentTo.title} (NAICS ${industry.adjacentTo.naics}) in the NAICS tree${alike}${employees}`;
  }
  if (industry.named)
    return `Customers' industry: ${industry.title} (NAICS ${industry.naics}): the query's "${industry.named.phrase}" is "${industry.named.items[0]}" in the Census NAICS index${employees}`;
  const where =
    industry.customer && industry.share !== null
      ? `, where ${pct(industry.share)} of ${plainTitle(industry.customer.occupation.title).toLowerCase()} work`
      : '';
  return `Customers' industry: ${industry.title} (NAICS ${industry.naics})${where}${employees}`;
}

/** The customer's industry: what it is, how many establishments it has, whom it employs. */
export function industryEvidence(industry: CustomerIndustry | null): Evidence[] {
  if (!industry) return [];
  const out: Evidence[] = [
    {
      id: 'industry:customer',
      source: industry.named || industry.adjacentTo ? 'naics' : 'staffing',
      // The NAICS prefix the BLS industry stands for (621200 → 6212), the code the note names.
      ref: industry.naics,
      value: industry.title,
      note: industryNote(industry),
    },
  ];
  if (industry.establishments !== null)
    out.push({
      id: 'industry:establishments',
      source: 'census',
      ref: industry.naics,
      value: industry.establishments,
      note: `${industry.title}: ${industry.establishments.toLocaleString('en-US')} establishments in the U.S. in 2021`,
    });
  for (const m of industry.staff)
    out.push({
      id: `industry:staff:${m.soc}`,
      source: 'staffing',
      ref: m.soc,
      value: Math.round(m.share * 1000) / 10,
      note: `${plainTitle(m.title)}: ${pct(m.share)} of the employees of ${(industry.staffingTitle ?? industry.title).toLowerCase()} (${m.employment.toLocaleString('en-US')} in 2018)`,
    });
  return out;
}

/**
 * How many of the people whose work the product does are employed by the segment's industry (BLS
 * staffing, 2018; thousands, like the projections): the demand of a need sold to one kind of business,
 * rather than the occupation's whole national employment.
 */
export function segmentWorkerEvidence(
  index: EngineIndex,
  industry: CustomerIndustry | null,
  occupations: readonly OccupationFit[],
): Evidence[] {
  const staffing = index.corpus.market?.staffing;
  const worker = occupations.find((o) => o.role === 'worker');
  if (!staffing || !industry?.code || !worker) return [];
  const soc = socBase(worker.occupation.soc);
  const cell = staffing.byIndustry.get(industry.code)?.find((s) => s.soc === staffingSoc(staffing, soc));
  if (!cell || cell.employment <= 0) return [];
  const where = (industry.staffingTitle ?? industry.title).toLowerCase();
  return [
    {
      id: `segment:${industry.naics}:workers`,
      source: 'staffing',
      ref: soc,
      value: Math.round(cell.employment / 100) / 10,
      note: `${plainTitle(worker.occupation.title)} employed by ${where}: ${cell.employment.toLocaleString('en-US')} in 2018 (BLS staffing matrix)`,
    },
  ];
}

/** How many people do the job's work activity: the job's own demand (thousands, like BLS projections). */
export function activityEvidence(activity: JobActivity | null): Evidence[] {
  if (!activity) return [];
  const shown = activity.occupations.slice(0, 3).map((o) => o.title.toLowerCase());
  const where = `in ${activity.industry.toLowerCase()} (BLS, 2018)`;
  return [
    {
      id: `activity:${activity.id}:demand`,
      source: 'staffing',
      ref: activity.id,
      value: Math.round(activity.employment / 100) / 10,
      note: `People doing "${activity.title}" (O*NET work activity): ${activity.employment.toLocaleString('en-US')} ${where}, in ${activity.occupations.length} occupation${activity.occupations.length === 1 ? '' : 's'} (${shown.join(', ')}${activity.occupations.length > 3 ? ', …' : ''})`,
    },
  ];
}
