import fs from 'node:fs';
import { createRequire } from 'node:module';

// NAICS 2017 titles at every level (72 → Accommodation and Food Services, 7225 → Restaurants and
// Other Eating Places, 722511 → Full-Service Restaurants), from the `naics` package: the name of an
// industry the engine cites, whatever the length of its code. The package marks U.S.-only titles with a
// trailing "T" ("General Freight TruckingT "): it is not part of the title.

const require = createRequire(import.meta.url);
let titles: Map<string, string> | null = null;

export function naicsTitles(): ReadonlyMap<string, string> {
  if (!titles) {
    const file = require.resolve('naics/data/2017_NAICS_Descriptions.json');
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { Title?: string }>;
    titles = new Map();
    for (const [code, entry] of Object.entries(raw))
      if (/^\d{2,6}$/.test(code) && entry.Title) titles.set(code, entry.Title.trim().replace(/([a-z)])T$/, '$1'));
  }
  return titles;
}
