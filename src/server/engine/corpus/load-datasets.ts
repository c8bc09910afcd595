import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Company, CompanyStatus, Occupation, Projection, Task, TechSkill } from './corpus.types.ts';
import { CorpusError } from './corpus.types.ts';
import { batchYear, parseCsv, parseNumber, parseTsv } from './parse-files.ts';

// Loaders for the public datasets laid out as in ../shared/data (see data/SOURCES.md).

export const DATASET_FILES = {
  yc: 'yc/companies.json',
  occupations: 'onet/occupation-data.txt',
  tasks: 'onet/task-statements.txt',
  tech: 'onet/technology-skills.txt',
  titles: 'onet/sample-of-reported-titles.txt',
  bls: 'bls/employment-projections-2023-2033.csv',
} as const;

function readFile(dir: string, relative: string): string {
  const file = path.join(dir, relative);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CorpusError(relative, (error as Error).message);
  }
}

const ycCompanySchema = z.object({
  name: z.string().min(1),
  slug: z.string().min(1),
  website: z.string().nullish(),
  one_liner: z.string().nullish(),
  long_description: z.string().nullish(),
  industry: z.string().nullish(),
  subindustry: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  batch: z.string().nullish(),
  launched_at: z.number().nullish(),
  status: z.string().nullish(),
  team_size: z.number().nullish(),
  top_company: z.boolean().nullish(),
  all_locations: z.string().nullish(),
  regions: z.array(z.string()).nullish(),
});

/** Not places: how a company works ("Remote", "Partly Remote") or that it did not say. */
const NOT_A_PLACE = /remote|unspecified/i;

/** "San Francisco, CA, USA; Lagos, Lagos, Nigeria" and the regions → every place named, once. */
function locationsOf(all: string | null | undefined, regions: readonly string[] | null | undefined): string[] {
  const parts = [...(all ?? '').split(/[;,]/), ...(regions ?? [])].map((p) => p.trim()).filter(Boolean);
  return [...new Set(parts.filter((p) => !NOT_A_PLACE.test(p)))];
}

const STATUSES = new Set(['Active', 'Inactive', 'Acquired', 'Public']);

export function loadYcCompanies(dir: string): Company[] {
  const text = readFile(dir, DATASET_FILES.yc);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CorpusError(DATASET_FILES.yc, `invalid JSON (${(error as Error).message})`);
  }
  const parsed = z.array(ycCompanySchema).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CorpusError(
      DATASET_FILES.yc,
      `unexpected shape at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
    );
  }
  const seen = new Set<string>();
  const companies: Company[] = [];
  for (const c of parsed.data) {
    if (seen.has(c.slug)) continue;
    seen.add(c.slug);
    const launchedAt = c.launched_at ? new Date(c.launched_at * 1000).toISOString().slice(0, 10) : null;
    const batch = c.batch ?? 'Unspecified';
    companies.push({
      slug: c.slug,
      name: c.name.trim(),
      website: c.website?.trim() || null,
      oneLiner: c.one_liner?.trim() ?? '',
      description: c.long_description?.trim() ?? '',
      industry: c.industry ?? '',
      subindustry: c.subindustry ?? '',
      tags: c.tags ?? [],
      batch,
      year: batchYear(batch) ?? (launchedAt ? Number(launchedAt.slice(0, 4)) : null),
      launchedAt,
      status: STATUSES.has(c.status ?? '') ? (c.status as CompanyStatus) : 'Unknown',
      teamSize: c.team_size ?? null,
      topCompany: c.top_company === true,
      locations: locationsOf(c.all_locations, c.regions),
      source: 'yc',
    });
  }
  if (companies.length === 0) throw new CorpusError(DATASET_FILES.yc, 'no companies');
  return companies;
}

/** "11-1011.00" → "11-1011" (BLS uses six-digit SOC codes). */
export function socBase(code: string): string {
  return code.slice(0, 7);
}

export function loadOnet(dir: string): { occupations: Occupation[]; tasks: Task[]; tech: TechSkill[] } {
  const occRows = parseTsv(DATASET_FILES.occupations, readFile(dir, DATASET_FILES.occupations), [
    'O*NET-SOC Code',
    'Title',
    'Description',
  ]);
  const titleRows = parseTsv(DATASET_FILES.titles, readFile(dir, DATASET_FILES.titles), [
    'O*NET-SOC Code',
    'Reported Job Title',
  ]);
  const reported = new Map<string, string[]>();
  for (const r of titleRows) {
    const list = reported.get(r['O*NET-SOC Code']!) ?? [];
    list.push(r['Reported Job Title']!);
    reported.set(r['O*NET-SOC Code']!, list);
  }
  const occupations: Occupation[] = occRows.map((r) => ({
    soc: r['O*NET-SOC Code']!,
    title: r.Title!,
    description: r.Description!,
    altTitles: reported.get(r['O*NET-SOC Code']!) ?? [],
    source: 'onet',
  }));
  const tasks: Task[] = parseTsv(DATASET_FILES.tasks, readFile(dir, DATASET_FILES.tasks), [
    'O*NET-SOC Code',
    'Task ID',
    'Task',
    'Date',
  ]).map((r) => ({
    soc: r['O*NET-SOC Code']!,
    taskId: r['Task ID']!,
    text: r.Task!,
    date: onetDate(r.Date!),
    source: 'onet',
  }));
  const tech: TechSkill[] = parseTsv(DATASET_FILES.tech, readFile(dir, DATASET_FILES.tech), [
    'O*NET-SOC Code',
    'Example',
    'Commodity Title',
    'Hot Technology',
  ]).map((r) => ({
    soc: r['O*NET-SOC Code']!,
    product: r.Example!,
    commodity: r['Commodity Title']!,
    isHot: r['Hot Technology'] === 'Y',
    source: 'onet',
  }));
  if (occupations.length === 0) throw new CorpusError(DATASET_FILES.occupations, 'no occupations');
  return { occupations, tasks, tech };
}

/** "08/2023" → "2023-08-01". */
function onetDate(value: string): string | null {
  const m = /^(\d{2})\/(\d{4})$/.exec(value);
  return m ? `${m[2]}-${m[1]}-01` : null;
}

export function loadBls(dir: string): { projections: Projection[]; altTitles: Map<string, string[]> } {
  const rows = parseCsv(DATASET_FILES.bls, readFile(dir, DATASET_FILES.bls), [
    'Occupation Title',
    'Occupation Code',
    'Employment 2023',
    'Employment 2033',
    'Employment Percent Change, 2023-2033',
    'Occupational Openings, 2023-2033 Annual Average',
    'Median Annual Wage 2023',
  ]);
  const projections: Projection[] = [];
  const altTitles = new Map<string, string[]>();
  for (const r of rows) {
    const soc = r['Occupation Code']!.replace(/[="]/g, '');
    const [title = '', ...alts] = r['Occupation Title']!.split('*').map((s) => s.trim());
    const employment2023 = parseNumber(r['Employment 2023']);
    const employment2033 = parseNumber(r['Employment 2033']);
    const percentChange = parseNumber(r['Employment Percent Change, 2023-2033']);
    if (!/^\d{2}-\d{4}$/.test(soc) || employment2023 === null || employment2033 === null || percentChange === null) {
      throw new CorpusError(DATASET_FILES.bls, `unreadable row for "${title.slice(0, 60)}"`);
    }
    projections.push({
      soc,
      title,
      employment2023,
      employment2033,
      percentChange,
      annualOpenings: parseNumber(r['Occupational Openings, 2023-2033 Annual Average']) ?? 0,
      medianWage: parseNumber(r['Median Annual Wage 2023']),
      source: 'bls',
    });
    altTitles.set(soc, alts.filter(Boolean));
  }
  if (projections.length === 0) throw new CorpusError(DATASET_FILES.bls, 'no projections');
  return { projections, altTitles };
}
