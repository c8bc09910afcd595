import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server test files the PostgreSQL pass of CI runs: those that reach the test database
// (src/server/test/test-database.ts, through any chain of imports), ask for PostgreSQL themselves
// (inject('testDatabaseUrl')) or only make sense on it (*.pg.test.ts, which the PGlite pass does not list). The others (parsers, schemas, the engine's pure parts, lint rules)
// behave the same on any database and already ran in `npm test`. Prints one path per line for
// .ci/run (`npx tsx scripts/pg-suites.ts`).

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_TEST_DIRS = ['src/server', 'src/shared', 'scripts', 'eslint'];
const DATABASE_MODULE = 'src/server/test/test-database.ts';
const ALIASES: Record<string, string> = {
  '#server/': 'src/server/',
  '#shared/': 'src/shared/',
  '#client/': 'src/client/',
};

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  let target: string | null = null;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) target = path.join(root, dir, specifier.slice(alias.length));
  }
  if (!target) return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// Value imports and re-exports (not `import type`), side-effect imports and dynamic import().
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^;]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
/** Whether `file` imports the test database, directly or through other project modules. */
function reachesDatabase(root: string, reaches: Map<string, boolean>, file: string, seen = new Set<string>()): boolean {
  if (file === path.join(root, DATABASE_MODULE)) return true;
  const known = reaches.get(file);
  if (known !== undefined) return known;
  if (seen.has(file)) return false;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  let result = false;
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = specifier ? resolveImport(root, file, specifier) : null;
    if (target && reachesDatabase(root, reaches, target, seen)) {
      result = true;
      break;
    }
  }
  reaches.set(file, result);
  return result;
}

export function postgresSuites(root = repoRoot): string[] {
  const reaches = new Map<string, boolean>();
  return SERVER_TEST_DIRS.filter((dir) => fs.existsSync(path.join(root, dir)))
    .flatMap((dir) => walk(path.join(root, dir)))
    .filter(
      (file) =>
        file.endsWith('.pg.test.ts') ||
        reachesDatabase(root, reaches, file) ||
        fs.readFileSync(file, 'utf8').includes("inject('testDatabaseUrl')"),
    )
    .map((file) => path.relative(root, file))
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(postgresSuites().join('\n'));
}
