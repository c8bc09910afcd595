import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CorpusState } from '#shared/admin/corpus.schemas.ts';
import { rowsOf } from '../../db/rows.ts';
import { jobSchedules } from '../../db/schema/index.ts';
import { newestBatch, writeCorpusVersion } from '../../test/corpus-versions.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DATASETS_REFRESH_SCHEDULE } from './corpus-refresh.jobs.ts';
import { scaled } from '../../test/timeouts.ts';

// DATASETS_REFRESH=daily (issue 33): a recurring durable job fetches the datasets again into
// DATASETS_DIR (here from a mirror on 127.0.0.1 serving the newer corpus) and loads them at run time.
// A fetch that fails is recorded with the file and keeps the version in use. Without the variable
// nothing is scheduled: an offline or seed start never fetches.

const JOB = 'watches.datasets-refresh';
const datasetsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-refresh-corpus-'));
const mirrorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-refresh-mirror-'));
writeCorpusVersion(datasetsDir, 'previous');
writeCorpusVersion(mirrorDir, 'current');

/** The file the mirror answers 500 for (null: every file served). */
let failing: string | null = null;
const mirror = http.createServer((req, res) => {
  const relative = decodeURIComponent((req.url ?? '/').slice(1));
  const file = path.join(mirrorDir, relative);
  if (relative === failing) return res.writeHead(500).end('down');
  if (!file.startsWith(mirrorDir) || !fs.existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-length': fs.statSync(file).size }).end(fs.readFileSync(file));
});

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  const { port } = mirror.address() as AddressInfo;
  t = await createTestApp({
    env: { DATASETS_DIR: datasetsDir, DATASETS_REFRESH: 'daily', DATASETS_MIRROR: `http://127.0.0.1:${port}` },
  });
  admin = await createUser(t, { role: 'admin' });
}, scaled(180_000));
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => mirror.close(resolve));
  for (const dir of [datasetsDir, mirrorDir]) fs.rmSync(dir, { recursive: true, force: true });
});

async function corpusState(): Promise<CorpusState> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/corpus', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CorpusState }>().data;
}

/** Runs the scheduled job now (through the job runner) and waits for the refresh it records. */
async function runScheduledRefresh(): Promise<CorpusState> {
  const before = (await corpusState()).lastRefresh?.startedAt ?? null;
  await t.app.deps.jobs.enqueueByName(JOB, {});
  let state: CorpusState | null = null;
  await vi.waitFor(
    async () => {
      state = await corpusState();
      expect(state.building).toBeNull();
      expect(state.lastRefresh?.startedAt ?? null).not.toBe(before);
    },
    { timeout: scaled(90_000), interval: 200 },
  );
  return state!;
}

function ycNames(dir: string): string[] {
  const companies = JSON.parse(fs.readFileSync(path.join(dir, 'yc', 'companies.json'), 'utf8')) as { name: string }[];
  return companies.map((c) => c.name);
}

describe('DATASETS_REFRESH=daily', () => {
  it('is a recurring durable job, scheduled daily', async () => {
    expect(t.app.deps.jobs.registeredNames()).toContain(JOB);
    if (t.app.deps.jobs.kind === 'in-process') {
      const rows = await t.db.db.select().from(jobSchedules).where(eq(jobSchedules.name, JOB));
      expect(rows).toEqual([expect.objectContaining({ name: JOB, cron: DATASETS_REFRESH_SCHEDULE })]);
    } else {
      const rows = rowsOf<{ name: string; cron: string; timezone: string }>(
        await t.db.db.execute(sql`select name, cron, timezone from pgboss.schedule where name = ${JOB}`),
      );
      expect(rows).toEqual([{ name: JOB, cron: DATASETS_REFRESH_SCHEDULE, timezone: 'UTC' }]);
    }
  });

  it('keeps the version in use and records why when the fetch fails', async () => {
    const before = await corpusState();
    failing = 'onet/task-statements.txt';
    try {
      const after = await runScheduledRefresh();
      expect(after.current).toEqual(before.current);
      expect(after.lastRefresh).toMatchObject({ status: 'failed', version: null, rerunsEnqueued: 0 });
      expect(after.lastRefresh?.error).toContain('onet/task-statements.txt');
      expect(after.lastRefresh?.error).toContain('HTTP 500');
    } finally {
      failing = null;
    }
    // DATASETS_DIR is as it was: the files fetched before the failure wait in the staging folder.
    expect(ycNames(datasetsDir)).not.toContain(newestBatch().names[0]);
    expect(fs.existsSync(path.join(datasetsDir, 'onet', 'task-statements.txt'))).toBe(true);
    expect(t.app.engine.status().corpusVersion).toBe(before.current.version);
  });

  it('fetches the newer datasets into DATASETS_DIR and answers from them without a restart', async () => {
    const { names } = newestBatch();
    expect(ycNames(datasetsDir)).not.toContain(names[0]);
    const previous = t.app.engine.status().corpusVersion;

    const state = await runScheduledRefresh();
    expect(state.lastRefresh).toMatchObject({ status: 'activated', previousVersion: previous, error: null });
    expect(state.current.version).not.toBe(previous);
    expect(t.app.engine.status().corpusVersion).toBe(state.current.version);
    expect(ycNames(datasetsDir)).toEqual(ycNames(mirrorDir));

    // The next day's run on unchanged sources changes nothing.
    const again = await runScheduledRefresh();
    expect(again.lastRefresh).toMatchObject({ status: 'unchanged', version: state.current.version });
  });
});

describe('without DATASETS_REFRESH', () => {
  it('schedules no refresh (an offline or seed start fetches nothing)', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.deps.jobs.registeredNames()).not.toContain(JOB);
      expect(plain.env.DATASETS_REFRESH).toBe('off');
    } finally {
      await plain.close();
    }
  });
});
