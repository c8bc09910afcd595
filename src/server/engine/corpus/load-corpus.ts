import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Company, Corpus, Industry, Occupation, Projection, Task, TechSkill } from './corpus.types.ts';
import { CorpusError } from './corpus.types.ts';
import { DATASET_FILES, loadBls, loadOnet, loadYcCompanies, socBase } from './load-datasets.ts';
import { loadMarketData, MARKET_FILES } from './load-market-data.ts';
import type { MarketData } from './market-data.types.ts';
import { readSeedCorpus, SEED_FILE } from './seed-corpus.ts';
import { socAliases } from './soc-aliases.ts';

// Assembles the corpus from DATASETS_DIR (kind "full") or the authored seed corpus (kind "seed").
// The version is a hash of the bytes read, so any change to the data invalidates cached indexes.

/** Bump when loading or normalisation changes in a way that changes the indexed documents. */
const LOADER_VERSION = 'l5';

const require = createRequire(import.meta.url);

function loadIndustries(): Industry[] {
  const file = require.resolve('naics/data/2017_NAICS_Descriptions.json');
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { Title?: string; Description?: string }>;
  const industries: Industry[] = [];
  for (const [code, entry] of Object.entries(raw)) {
    // Six-digit national industries are specific enough to describe a market; sectors are not.
    if (!/^\d{6}$/.test(code) || !entry.Title) continue;
    // The package marks U.S.-only titles with a trailing "T" ("General Freight TruckingT ").
    const title = entry.Title.trim().replace(/([a-z)])T$/, '$1');
    const description =
      (entry.Description ?? '')
        .split(/\r?\n/)
        .find((l) => l.trim().length > 40)
        ?.trim() ?? '';
    industries.push({ code, title, description });
  }
  return industries;
}

function hashFiles(files: string[]): string {
  const hash = createHash('sha256').update(LOADER_VERSION);
  for (const file of files) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

function perYear(companies: Company[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const c of companies) {
    // Same date the evidence carries (launch, else batch year), so trends compare like with like.
    const year = c.launchedAt ? Number(c.launchedAt.slice(0, 4)) : c.year;
    if (year !== null) counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  return counts;
}

function group<T extends { soc: string }>(items: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(item.soc) ?? [];
    list.push(item);
    map.set(item.soc, list);
  }
  return map;
}

function assemble(input: {
  kind: 'full' | 'seed';
  version: string;
  companies: Company[];
  occupations: Occupation[];
  projections: Projection[];
  tasks: Task[];
  tech: TechSkill[];
  market: MarketData | null;
}): Corpus {
  return {
    kind: input.kind,
    version: `${input.kind}-${input.version}`,
    companies: input.companies,
    occupations: input.occupations,
    projections: new Map(input.projections.map((p) => [p.soc, p])),
    tasksBySoc: group(input.tasks),
    techBySoc: group(input.tech),
    industries: loadIndustries(),
    // The staffing matrix's SOC 2010 codes bridged to the occupations' SOC 2018 ones (soc-aliases.ts).
    market: input.market && {
      ...input.market,
      staffing: { ...input.market.staffing, aliases: socAliases(input.market.staffing, input.occupations) },
    },
    companiesPerYear: perYear(input.companies),
  };
}

export function loadFullCorpus(datasetsDir: string): Corpus {
  const dir = path.resolve(datasetsDir);
  if (!fs.existsSync(dir)) throw new CorpusError(datasetsDir, 'DATASETS_DIR does not exist');
  const companies = loadYcCompanies(dir);
  const onet = loadOnet(dir);
  const bls = loadBls(dir);
  const occupations = onet.occupations.map((o) => ({
    ...o,
    altTitles: [...(bls.altTitles.get(socBase(o.soc)) ?? []), ...o.altTitles],
  }));
  const market = loadMarketData(dir);
  const files = [...Object.values(DATASET_FILES), ...(market ? Object.values(MARKET_FILES) : [])];
  return assemble({
    kind: 'full',
    version: hashFiles(files.map((f) => path.join(dir, f))),
    companies,
    occupations,
    projections: bls.projections,
    tasks: onet.tasks,
    tech: onet.tech,
    market,
  });
}

export function loadSeedCorpus(): Corpus {
  const seed = readSeedCorpus();
  return assemble({ kind: 'seed', version: hashFiles([SEED_FILE]), ...seed, market: null });
}

/** DATASETS_DIR set → the full public datasets (errors name the bad file); unset → the seed corpus. */
export function loadCorpus(datasetsDir: string | undefined): Corpus {
  return datasetsDir ? loadFullCorpus(datasetsDir) : loadSeedCorpus();
}
