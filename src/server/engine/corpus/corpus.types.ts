import type { MarketData } from './market-data.types.ts';
// The engine's in-memory view of the public datasets (or the seed corpus). Loaders normalise each
// source into these shapes so the pipeline never sees raw file formats.

export type CompanyStatus = 'Active' | 'Inactive' | 'Acquired' | 'Public' | 'Unknown';

export type Company = {
  slug: string;
  name: string;
  website: string | null;
  oneLiner: string;
  description: string;
  industry: string;
  subindustry: string;
  tags: string[];
  batch: string;
  /** Year of the YC batch (or launch year when the batch is unspecified); null when unknown. */
  year: number | null;
  /** ISO date of the launch, when known. */
  launchedAt: string | null;
  status: CompanyStatus;
  teamSize: number | null;
  /** Flagged by YC as one of its top companies (a category leader), when the directory says so. */
  topCompany: boolean;
  /** Where the company is (cities, states, countries, regions), as the directory says: the engine's gazetteer. */
  locations: string[];
  /** Which corpus the entry came from: the YC directory or the authored seed corpus. */
  source: 'yc' | 'seed';
};

export type Occupation = {
  soc: string;
  title: string;
  description: string;
  /** Alternate and reported job titles (BLS alternate titles, O*NET reported titles). */
  altTitles: string[];
  source: 'onet' | 'seed';
};

export type Projection = {
  /** Six-digit SOC code "13-2011". */
  soc: string;
  title: string;
  employment2023: number;
  employment2033: number;
  percentChange: number;
  annualOpenings: number;
  medianWage: number | null;
  source: 'bls' | 'seed';
};

export type Task = { soc: string; taskId: string; text: string; date: string | null; source: 'onet' | 'seed' };

export type TechSkill = { soc: string; product: string; commodity: string; isHot: boolean; source: 'onet' | 'seed' };

export type Industry = { code: string; title: string; description: string };

export type Corpus = {
  kind: 'full' | 'seed';
  version: string;
  companies: Company[];
  occupations: Occupation[];
  projections: Map<string, Projection>;
  tasksBySoc: Map<string, Task[]>;
  techBySoc: Map<string, TechSkill[]>;
  industries: Industry[];
  /** The NAICS index and the BLS staffing matrix, when DATASETS_DIR holds them (never in the seed corpus). */
  market: MarketData | null;
  /** Companies per batch year across the whole directory, to normalise entry trends. */
  companiesPerYear: Map<number, number>;
};

export class CorpusError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`Cannot index ${file}: ${detail}`);
    this.name = 'CorpusError';
  }
}
