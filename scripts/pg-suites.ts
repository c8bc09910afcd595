import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server test files the PostgreSQL pass of CI runs: those that reach the test database
// (src/server/test/test-database.ts, through any chain of imports), ask for PostgreSQL themselves
// (inject('testDatabaseUrl')) or only make sense on it (*.pg.test.ts, which the PGlite pass does not
// list), less the suites NOT_ON_POSTGRES names. The others (parsers, schemas, the engine's pure parts,
// lint rules) behave the same on any database and already ran in `npm test`. Prints one path per line
// for .ci/run (`npx tsx scripts/pg-suites.ts`).

/**
 * Suites that reach the test database and still stay out of the PostgreSQL pass (they run on PGlite in
 * `npm test`), each under one rule of docs/decisions/046-ci-time.md ("Third stop: the narrower pass"):
 *   pglite-only    the suite builds PGlite databases itself, whatever TEST_DATABASE_URL says: the pass ran it on PGlite again
 *   reads-covered  its database use is rows made through the API and read back through GET routes, no
 *                  transaction, lock, quota or concurrency of its own: read-routes.test.ts reads every GET route on PostgreSQL
 *   no-driver-use  it builds an app for its HTTP layer (validation, parsers, rendering, an outside service's
 *                  client) and touches the database only as any request does
 *   writes-covered its database use is rows written through the API and read back (routes, or a plain select
 *                  of a row), with no SQL, clock, job, transaction, lock, quota or concurrency of its own:
 *                  write-routes.test.ts calls every write route on PostgreSQL, read-routes.test.ts every GET
 *                  ("Fourth stop")
 * A suite listed under the last two rules whose source shows what the pass exists for (KEEP below) is
 * taken back into the pass.
 */
export const NOT_ON_POSTGRES: Record<string, 'pglite-only' | 'reads-covered' | 'no-driver-use' | 'writes-covered'> = {
  'src/server/db/pglite-turns.test.ts': 'pglite-only',
  // The server's PGlite worker thread as it closes, stops and is replaced (docs/decisions/065, 067).
  'src/server/db/pglite-thread-lifecycle.test.ts': 'pglite-only',
  'src/server/features/searches/reservation-after-outage.test.ts': 'pglite-only',
  // The assistant on the real engine, stored and read back as GET /api/chat/conversations/:id reads it.
  'src/server/features/chat/chat-compound.test.ts': 'reads-covered',
  // What the engine finds (customers, plans, odd words), stored and read back through GET routes.
  'src/server/features/ideas/idea-customers.test.ts': 'reads-covered',
  'src/server/features/searches/market-research-customers.test.ts': 'reads-covered',
  'src/server/features/searches/prototype-words.test.ts': 'reads-covered',
  'src/server/features/action-plans/plan-full-corpus.test.ts': 'reads-covered',
  // JSON preferences written and read back (GET /api/preferences/ui); conflicts are checked in code.
  'src/server/features/ui-preferences/ui-preferences.test.ts': 'reads-covered',
  // Node's HTTP parser, the validation at the door, production settings, the route guards, JWT checks.
  'src/server/framework-errors.test.ts': 'no-driver-use',
  'src/server/lib/http/text-at-the-door.test.ts': 'no-driver-use',
  'src/server/features/billing/production-defaults.test.ts': 'no-driver-use',
  'src/server/sign-in.test.ts': 'no-driver-use',
  'src/server/lib/http/auth-guard.test.ts': 'no-driver-use',
  // The engine's wiring, the model client (mock and a fake OpenAI-compatible server), the mail console.
  'src/server/engine/engine.plugin.test.ts': 'no-driver-use',
  'src/server/features/chat/chat-llm.test.ts': 'no-driver-use',
  'src/server/features/chat/chat-openai-compatible.test.ts': 'no-driver-use',
  'src/server/lib/platform/mailer.test.ts': 'no-driver-use',
  // Suggestions made, reviewed and refused a second review through the routes; the searches' IDOR checks
  // (404s, and the owner's rows read back with a plain select), which idor.test.ts repeats on PostgreSQL.
  'src/server/features/resources/contributions.test.ts': 'writes-covered',
  'src/server/features/searches/searches-idor.test.ts': 'writes-covered',
};

/** What keeps a suite in the pass whatever the list says: concurrency, transactions, locks, quotas, outages, migrations, instances. */
const KEEP =
  /Promise\.all|transaction|for update|advisory|\block(s|ed|out)?\b|quota|concurren|outage|migrat|instance|TEST_DATABASE_URL|testDatabaseUrl/i;

/** What else keeps a writes-covered suite in the pass: SQL, a clock or a job of its own. */
const KEEP_WRITES = /\bsql\s*(`|\.raw|<)|clock|\bjobs?\b|runJob/i;

/** Whether a listed suite's source still lets it stay out of the pass under its rule. */
export function staysOut(rule: (typeof NOT_ON_POSTGRES)[string], source: string): boolean {
  if (rule === 'pglite-only') return true;
  return !KEEP.test(source) && !(rule === 'writes-covered' && KEEP_WRITES.test(source));
}

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

/** The suites of the PostgreSQL pass (`all`: with the listed ones, as if NOT_ON_POSTGRES were empty). */
export function postgresSuites(root = repoRoot, options: { all?: boolean } = {}): string[] {
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
    .filter((file) => {
      const rule = options.all ? undefined : NOT_ON_POSTGRES[file];
      if (!rule) return true;
      return !staysOut(rule, fs.readFileSync(path.join(root, file), 'utf8'));
    })
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(postgresSuites().join('\n'));
}
