import fs from 'node:fs';
import { loadBls, loadOnet, loadYcCompanies, socBase } from '../corpus/load-datasets.ts';
import { SEED_FILE, type SeedFile } from '../corpus/seed-corpus.ts';

// Regenerates the seed corpus from a full DATASETS_DIR: a handful of companies per market and the
// occupations that give those markets demand figures. Usage: tsx build-seed.ts <datasets dir>.

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx src/server/engine/cli/build-seed.ts <datasets dir>');
  process.exit(1);
}

const TOPICS: [RegExp, number][] = [
  [/\b(pet|pets|dog|dogs|cat|veterinar)/i, 8],
  [/\b(senior|seniors|elderly|older adults|aging)\b/i, 8],
  [/\b(meal|recipe|grocer)/i, 7],
  [/\b(bookkeeping|accounting)\b/i, 6],
  [/\b(law firm|lawyers|legal)\b/i, 5],
  [/\b(tutor|students|teachers)\b/i, 6],
  [/\b(fitness|workout)\b/i, 4],
  [/\b(landlord|rental|tenants)\b/i, 5],
  [/\b(travel|trip)\b/i, 4],
  [/\b(solar|carbon)\b/i, 4],
  [/\b(restaurant)\b/i, 4],
  [/\b(mental health|therapy)\b/i, 4],
  [/\b(payroll|recruiting)\b/i, 4],
];
const SOCS = [
  '39-2021',
  '31-1122',
  '31-1121',
  '39-9011',
  '13-2011',
  '43-3031',
  '23-1011',
  '25-2021',
  '25-3041',
  '39-9031',
  '11-9141',
  '35-2014',
  '35-1012',
  '29-1141',
  '29-1131',
  '21-1018',
  '13-1071',
  '41-3041',
  '47-2231',
  '29-2052',
  '11-9051',
];
const SOURCE_YC =
  'Y Combinator directory (www.ycombinator.com/companies), collected by akshaybhalotia/yc_company_scraper';
const SOURCE_ONET = 'O*NET 29.3 Database, U.S. Department of Labor, CC BY 4.0';
const SOURCE_BLS = 'BLS Employment Projections 2023-2033';

const companies = loadYcCompanies(dir);
const picked = new Map<string, (typeof companies)[number]>();
for (const [pattern, count] of TOPICS) {
  const hits = companies.filter((c) => pattern.test(`${c.oneLiner} ${c.tags.join(' ')}`) && !picked.has(c.slug));
  for (const c of hits.slice(0, count)) picked.set(c.slug, c);
}
const onet = loadOnet(dir);
const bls = loadBls(dir);
const seed: SeedFile = {
  companies: [...picked.values()].map(({ source: _s, ...c }) => ({
    ...c,
    description: c.description.length > 400 ? `${c.description.slice(0, 397).trimEnd()}…` : c.description,
    publicSource: SOURCE_YC,
  })),
  occupations: onet.occupations
    .filter((o) => SOCS.includes(socBase(o.soc)) && o.soc.endsWith('.00'))
    .map(({ source: _s, ...o }) => ({ ...o, altTitles: o.altTitles.slice(0, 6), publicSource: SOURCE_ONET })),
  projections: bls.projections
    .filter((p) => SOCS.includes(p.soc))
    .map(({ source: _s, ...p }) => ({ ...p, publicSource: SOURCE_BLS })),
  tasks: SOCS.flatMap((soc) =>
    onet.tasks
      .filter((t) => t.soc === `${soc}.00`)
      .slice(0, 5)
      .map(({ source: _s, ...t }) => ({ ...t, publicSource: SOURCE_ONET })),
  ),
  tech: SOCS.flatMap((soc) =>
    onet.tech
      .filter((t) => t.soc === `${soc}.00`)
      .sort((a, b) => Number(b.isHot) - Number(a.isHot))
      .slice(0, 5)
      .map(({ source: _s, ...t }) => ({ ...t, publicSource: SOURCE_ONET })),
  ),
};
fs.writeFileSync(SEED_FILE, `${JSON.stringify(seed, null, 1)}\n`);
console.log(
  `seed corpus: ${seed.companies.length} companies, ${seed.occupations.length} occupations, ${seed.projections.length} projections`,
);
