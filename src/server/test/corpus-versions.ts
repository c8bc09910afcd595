import fs from 'node:fs';
import path from 'node:path';
import { FIXTURE_DATASETS_DIR } from '../engine/test/engine-fixtures.ts';

// Two versions of the small datasets folder, for the corpus-swap tests (issue 33): `current` is the
// engine fixture as it is; `previous` is the same without its newest YC batch and with a few
// companies' statuses as they were before (active before it was acquired or shut down).

type YcCompany = { name: string; batch: string; status: string };

/** The companies whose status `previous` changes, with the status they had then. */
export const PREVIOUS_STATUSES: Record<string, string> = { Atrium: 'Active', Gobble: 'Active' };

const SEASONS = ['Winter', 'Spring', 'Summer', 'Fall'];

function batchOrder(batch: string): number {
  const [season = '', year = '0'] = batch.split(' ');
  return Number(year) * 10 + SEASONS.indexOf(season);
}

function readCompanies(dir: string): YcCompany[] {
  return JSON.parse(fs.readFileSync(path.join(dir, 'yc', 'companies.json'), 'utf8')) as YcCompany[];
}

/** The newest batch of the fixture and its companies (what `previous` leaves out). */
export function newestBatch(): { batch: string; names: string[] } {
  const companies = readCompanies(FIXTURE_DATASETS_DIR);
  const batch = companies.map((c) => c.batch).sort((a, b) => batchOrder(b) - batchOrder(a))[0]!;
  return { batch, names: companies.filter((c) => c.batch === batch).map((c) => c.name) };
}

/** Writes one version of the corpus into `dir` (replacing what is there), as a datasets fetch would. */
export function writeCorpusVersion(dir: string, version: 'previous' | 'current'): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(FIXTURE_DATASETS_DIR, dir, { recursive: true });
  if (version === 'current') return;
  const { batch } = newestBatch();
  const companies = readCompanies(FIXTURE_DATASETS_DIR)
    .filter((c) => c.batch !== batch)
    .map((c) => (Object.hasOwn(PREVIOUS_STATUSES, c.name) ? { ...c, status: PREVIOUS_STATUSES[c.name]! } : c));
  fs.writeFileSync(path.join(dir, 'yc', 'companies.json'), JSON.stringify(companies));
}
