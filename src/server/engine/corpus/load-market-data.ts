import fs from 'node:fs';
import path from 'node:path';
import { CorpusError } from './corpus.types.ts';
import type { Activities, IndustryCount, IndustryItem, MarketData, Staffing } from './market-data.types.ts';
import { parseCsv, parseNumber, parseTsv } from './parse-files.ts';

// The public tables that say who a customer is and whom it employs, loaded beside the directory
// when DATASETS_DIR holds them (the seed corpus and older dataset copies do not: the engine then
// cites occupations by meaning alone and says nothing about industries' staff).
//
// - BLS National Employment Matrix 2018–28: employment of each occupation in each industry: whom that
//   industry employs, and how concentrated each occupation is there.
// - O*NET tasks → detailed work activities: which occupations do the same work, whatever their title.
// - Census County Business Patterns 2021 (U.S., six-digit NAICS): how many establishments each
//   industry has — how many customers a product for that industry could sell to.
// - Census NAICS 2017 index: the everyday names of kinds of business ("Law firms", "Restaurants, full
//   service"), each with its six-digit code: how a customer the query names becomes an industry.

export const MARKET_FILES = {
  staffing: 'bls/national-employment-matrix-2018-2028.csv',
  establishments: 'census/cbp-2021-us-naics6.csv',
  activities: 'onet/tasks-to-dwas.txt',
  industryIndex: 'naics/naics-2017-index.csv',
} as const;

function read(dir: string, relative: string): string {
  try {
    return fs.readFileSync(path.join(dir, relative), 'utf8');
  } catch (error) {
    throw new CorpusError(relative, (error as Error).message);
  }
}

const TOTAL = '00-0000';

export function loadStaffing(dir: string): Staffing {
  const rows = parseCsv(MARKET_FILES.staffing, read(dir, MARKET_FILES.staffing), [
    'occupation_code',
    'occupation_type',
    'occupation_title',
    'industry_code',
    'industry_type',
    'industry_title',
    'employment_2018',
  ]);
  const staffing: Staffing = {
    byIndustry: new Map(),
    industryTitle: new Map(),
    industryTotal: new Map(),
    national: new Map(),
    nationalTotal: 0,
    occupationTitle: new Map(),
    aliases: new Map(),
  };
  for (const r of rows) {
    const employment = parseNumber(r.employment_2018);
    if (employment === null) continue;
    const soc = r.occupation_code!;
    const industry = r.industry_code!;
    // TE1000 is total employment (all industries); other codes are NAICS-based industries.
    if (industry === 'TE1000') {
      if (soc === TOTAL) staffing.nationalTotal = employment;
      else if (r.occupation_type === 'Line item') {
        staffing.national.set(soc, employment);
        staffing.occupationTitle.set(soc, r.occupation_title!);
      }
      continue;
    }
    // Line items (722511 full-service restaurants) and four-digit industries (722500 restaurants and
    // other eating places, whose line items split a trade); not sectors (720000), which say nothing.
    const fourDigit = /^\d{3}[1-9]00$/.test(industry);
    if (!/^\d{6}$/.test(industry) || (r.industry_type !== 'Line item' && !fourDigit)) continue;
    staffing.industryTitle.set(industry, r.industry_title!);
    if (soc === TOTAL) {
      staffing.industryTotal.set(industry, employment);
      continue;
    }
    if (r.occupation_type !== 'Line item' || employment <= 0) continue;
    const list = staffing.byIndustry.get(industry) ?? [];
    list.push({ soc, title: r.occupation_title!, employment });
    staffing.byIndustry.set(industry, list);
  }
  if (staffing.nationalTotal <= 0 || staffing.byIndustry.size === 0)
    throw new CorpusError(MARKET_FILES.staffing, 'no total or industry rows');
  return staffing;
}

export function loadEstablishments(dir: string): Map<string, IndustryCount> {
  const rows = parseCsv(MARKET_FILES.establishments, read(dir, MARKET_FILES.establishments), [
    'naics',
    'establishments',
    'employment',
  ]);
  const counts = new Map<string, IndustryCount>();
  for (const r of rows) {
    const establishments = parseNumber(r.establishments);
    if (!/^\d{6}$/.test(r.naics!) || establishments === null) continue;
    counts.set(r.naics!, { establishments, employment: parseNumber(r.employment) ?? 0 });
  }
  if (counts.size === 0) throw new CorpusError(MARKET_FILES.establishments, 'no six-digit industries');
  return counts;
}

export function loadActivities(dir: string): Activities {
  const rows = parseTsv(MARKET_FILES.activities, read(dir, MARKET_FILES.activities), [
    'O*NET-SOC Code',
    'Task ID',
    'DWA ID',
    'DWA Title',
  ]);
  const activities: Activities = { byTask: new Map(), byId: new Map() };
  for (const r of rows) {
    const id = r['DWA ID']!;
    const task = r['Task ID']!;
    const activity = activities.byId.get(id) ?? { id, title: r['DWA Title']!, socs: [] };
    if (!activity.socs.includes(r['O*NET-SOC Code']!)) activity.socs.push(r['O*NET-SOC Code']!);
    activities.byId.set(id, activity);
    const list = activities.byTask.get(task) ?? [];
    if (!list.includes(id)) list.push(id);
    activities.byTask.set(task, list);
  }
  if (activities.byId.size === 0) throw new CorpusError(MARKET_FILES.activities, 'no work activities');
  return activities;
}

export function loadIndustryIndex(dir: string): IndustryItem[] {
  const rows = parseCsv(MARKET_FILES.industryIndex, read(dir, MARKET_FILES.industryIndex), [
    'NAICS17',
    'INDEX ITEM DESCRIPTION',
  ]);
  const items: IndustryItem[] = [];
  for (const r of rows) {
    const code = r.NAICS17!.trim();
    const text = r['INDEX ITEM DESCRIPTION']!.replace(/\s+/g, ' ').trim();
    if (/^\d{6}$/.test(code) && text.length > 0) items.push({ code, text });
  }
  if (items.length === 0) throw new CorpusError(MARKET_FILES.industryIndex, 'no index items');
  return items;
}

/** The market tables when DATASETS_DIR holds all of them; null when none; an error when only some. */
export function loadMarketData(dir: string): MarketData | null {
  const present = Object.values(MARKET_FILES).filter((f) => fs.existsSync(path.join(dir, f)));
  if (present.length === 0) return null;
  if (present.length < Object.keys(MARKET_FILES).length) {
    const missing = Object.values(MARKET_FILES).find((f) => !present.includes(f))!;
    throw new CorpusError(missing, 'missing (the other market tables are present)');
  }
  return {
    staffing: loadStaffing(dir),
    establishments: loadEstablishments(dir),
    activities: loadActivities(dir),
    industryIndex: loadIndustryIndex(dir),
  };
}
