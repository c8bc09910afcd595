import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Company, Occupation, Projection, Task, TechSkill } from './corpus.types.ts';
import { CorpusError } from './corpus.types.ts';

// The seed corpus: a small sample of the public datasets (trimmed), shipped so the engine answers on
// a machine with no datasets. Every entry keeps the public source it was taken from.

export const SEED_FILE = fileURLToPath(new URL('./seed-corpus.json', import.meta.url));

const seedSchema = z.object({
  companies: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      website: z.string().nullable(),
      oneLiner: z.string(),
      description: z.string(),
      industry: z.string(),
      subindustry: z.string(),
      tags: z.array(z.string()),
      batch: z.string(),
      year: z.number().nullable(),
      launchedAt: z.string().nullable(),
      status: z.enum(['Active', 'Inactive', 'Acquired', 'Public', 'Unknown']),
      teamSize: z.number().nullable(),
      publicSource: z.string(),
    }),
  ),
  occupations: z.array(
    z.object({
      soc: z.string(),
      title: z.string(),
      description: z.string(),
      altTitles: z.array(z.string()),
      publicSource: z.string(),
    }),
  ),
  projections: z.array(
    z.object({
      soc: z.string(),
      title: z.string(),
      employment2023: z.number(),
      employment2033: z.number(),
      percentChange: z.number(),
      annualOpenings: z.number(),
      medianWage: z.number().nullable(),
      publicSource: z.string(),
    }),
  ),
  tasks: z.array(
    z.object({
      soc: z.string(),
      taskId: z.string(),
      text: z.string(),
      date: z.string().nullable(),
      publicSource: z.string(),
    }),
  ),
  tech: z.array(
    z.object({
      soc: z.string(),
      product: z.string(),
      commodity: z.string(),
      isHot: z.boolean(),
      publicSource: z.string(),
    }),
  ),
});
export type SeedFile = z.infer<typeof seedSchema>;

export function readSeedCorpus(): {
  companies: Company[];
  occupations: Occupation[];
  projections: Projection[];
  tasks: Task[];
  tech: TechSkill[];
} {
  const parsed = seedSchema.safeParse(JSON.parse(fs.readFileSync(SEED_FILE, 'utf8')));
  if (!parsed.success) throw new CorpusError('seed-corpus.json', parsed.error.issues[0]?.message ?? 'invalid');
  const seed = parsed.data;
  return {
    companies: seed.companies.map(({ publicSource: _s, ...c }) => ({
      ...c,
      topCompany: false,
      // The authored seed entries say nothing of where they are: the gazetteer is the directory's.
      locations: [],
      source: 'seed' as const,
    })),
    occupations: seed.occupations.map(({ publicSource: _s, ...o }) => ({ ...o, source: 'seed' as const })),
    projections: seed.projections.map(({ publicSource: _s, ...p }) => ({ ...p, source: 'seed' as const })),
    tasks: seed.tasks.map(({ publicSource: _s, ...t }) => ({ ...t, source: 'seed' as const })),
    tech: seed.tech.map(({ publicSource: _s, ...t }) => ({ ...t, source: 'seed' as const })),
  };
}
