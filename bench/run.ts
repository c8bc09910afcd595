import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another (2 cores: never
// in parallel), each printing its own figures. `npm run bench -- engine` runs only names matching "engine".
const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.log(`(${file} exited with ${result.status ?? result.signal})`);
  }
}
process.exit(failed ? 1 : 0);
