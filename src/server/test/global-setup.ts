import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite } from '../db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate.ts';
import { readTestVariable } from '../env.ts';

// Runs once per `vitest run`: builds a migrated PGlite template (initdb is slow: 3–17 s) and caches
// it by migration hash, so each test file starts from a copy in about a second. When
// TEST_DATABASE_URL is set, checks PostgreSQL is reachable (under CI an unreachable one fails).

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    testDatabaseUrl: string | null;
    /** DATA_DIR holding the full corpus's sentence vectors (null without DATASETS_DIR). */
    engineDataDir: string | null;
  }
}

/** Computes (once, then cached) the full datasets' sentence vectors, so full-corpus suites answer by meaning. */
async function buildEngineVectors(datasetsDir: string, dataDir: string): Promise<void> {
  const [{ loadCorpus }, { createEmbedder }, { buildVectorSets }] = await Promise.all([
    import('../engine/corpus/load-corpus.ts'),
    import('../engine/index/embedder.ts'),
    import('../engine/index/semantic-index.ts'),
  ]);
  const embedder = createEmbedder(2);
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

export default async function setup(project: TestProject): Promise<void> {
  // TEST_CACHE_DIR lets CI keep these content-addressed caches between clean clones (see .ci/run).
  const cacheDir = path.resolve(readTestVariable('TEST_CACHE_DIR') ?? 'node_modules/.cache/unbuilt');
  const file = path.join(cacheDir, `pglite-template-${migrationsHash()}.tar.gz`);
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

  const datasetsDir = readTestVariable('DATASETS_DIR') ?? null;
  if (datasetsDir && project.name === 'server') {
    const dataDir = path.join(cacheDir, 'engine-data');
    await buildEngineVectors(datasetsDir, dataDir);
    project.provide('engineDataDir', dataDir);
  } else project.provide('engineDataDir', null);
}
