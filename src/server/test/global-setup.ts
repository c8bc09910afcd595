import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres } from '../db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate.ts';
import { readTestVariable } from '../env.ts';

// Runs once per `vitest run`: builds a migrated PGlite template (initdb is slow: 3–17 s) and caches
// it by migration hash, so each test file starts from a copy in about a second. When
// TEST_DATABASE_URL is set, checks PostgreSQL is reachable (under CI an unreachable one fails).

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    testDatabaseUrl: string | null;
    /** A migrated PostgreSQL database each test file's database is copied from (with testDatabaseUrl). */
    testDatabaseTemplate: string | null;
    /** Name prefix of this run's per-file PostgreSQL databases, dropped together when the run ends. */
    testDatabasePrefix: string;
    /** DATA_DIR holding the full corpus's sentence vectors (null without DATASETS_DIR). */
    engineDataDir: string | null;
  }
}

/** Computes (once, then cached) the full datasets' sentence vectors, so full-corpus suites answer by meaning. */
async function buildEngineVectors(datasetsDir: string, dataDir: string): Promise<void> {
  const [{ loadCorpus }, { createLazyEmbedder }, { buildVectorSets }] = await Promise.all([
    import('../engine/corpus/load-corpus.ts'),
    import('../engine/index/embedder.ts'),
    import('../engine/index/semantic-index.ts'),
  ]);
  const embedder = createLazyEmbedder(2);
  try {
    await buildVectorSets(loadCorpus(datasetsDir), dataDir, embedder);
  } finally {
    await embedder.close();
  }
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated PostgreSQL template, by migration hash: `CREATE DATABASE … TEMPLATE` copies it in well
 * under a second, where migrating a fresh database per test file took about 3 s. Built once per
 * PostgreSQL server (it stays, like the PGlite template file); an advisory lock serialises runs that
 * start together, and a template is only named once it is complete.
 */
async function ensurePostgresTemplate(adminUrl: string, hash: string): Promise<string> {
  const name = `unbuilt_template_${hash}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [724_133_902]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const handle = fromPostgres(url.toString(), { max: 2 });
      try {
        await runMigrations(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [724_133_902]).catch(() => undefined);
    await admin.end();
  }
  return name;
}

async function buildTemplate(file: string): Promise<void> {
  const client = await PGlite.create();
  const handle = fromPglite(client);
  await runMigrations(handle);
  const dump = await client.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  await client.close();
}

/** Drops this run's test databases, a few at a time (DROP DATABASE waits on a checkpoint: ≈ 1–2 s each). */
async function dropRunDatabases(adminUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    const names = rows.map((r) => r.datname);
    const drop = async () => {
      for (let name = names.pop(); name; name = names.pop()) {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => client.end());
      }
    };
    await Promise.all([drop(), drop(), drop()]);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // TEST_CACHE_DIR lets CI keep these content-addressed caches between clean clones (see .ci/run).
  const cacheDir = path.resolve(readTestVariable('TEST_CACHE_DIR') ?? 'node_modules/.cache/unbuilt');
  const hash = migrationsHash();
  const file = path.join(cacheDir, `pglite-template-${hash}.tar.gz`);
  if (!fs.existsSync(file)) await buildTemplate(file);
  project.provide('pgliteTemplate', file);

  const url = readTestVariable('TEST_DATABASE_URL') ?? null;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  project.provide('testDatabaseUrl', url);
  project.provide('testDatabaseTemplate', url ? await ensurePostgresTemplate(url, hash) : null);
  const prefix = `unbuilt_test_${Date.now().toString(36)}_${process.pid}_`;
  project.provide('testDatabasePrefix', prefix);

  const datasetsDir = readTestVariable('DATASETS_DIR') ?? null;
  if (datasetsDir && project.name === 'server') {
    const dataDir = path.join(cacheDir, 'engine-data');
    await buildEngineVectors(datasetsDir, dataDir);
    project.provide('engineDataDir', dataDir);
  } else project.provide('engineDataDir', null);
  return url ? () => dropRunDatabases(url, prefix) : undefined;
}
