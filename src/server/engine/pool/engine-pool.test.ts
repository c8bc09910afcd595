import fs from 'node:fs';
import os from 'node:os';
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { testEnv } from '../../test/test-env.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { createEngine } from '../engine.ts';
import { createEnginePool, defaultWorkerCount, type EnginePool } from './engine-pool.ts';

// The pool's mechanics against a scripted worker (test/scripted-worker.mjs: no corpus, answers on
// command), then one real worker over the seed corpus (TypeScript loaded in the thread, answers
// equal to the in-process engine).

const SCRIPTED = new URL('./test/scripted-worker.mjs', import.meta.url);
const env = testEnv();
const channel = new BroadcastChannel(`scripted-engine:${env.DATA_DIR_ABS}`);
const pools: EnginePool[] = [];

async function scriptedPool(workers: number, queueLimit: number): Promise<EnginePool> {
  const pool = await createEnginePool({ env, workers, queueLimit, workerUrl: SCRIPTED });
  pools.push(pool);
  return pool;
}

const ask = (pool: EnginePool, query: string, options: Parameters<EnginePool['analyze']>[1] = {}) =>
  pool.analyze({ query, filters: defaultFilters() }, options) as unknown as Promise<{
    query: string;
    seq: number;
    progress: boolean;
  }>;

/** A 'hold' analysis and a promise of its first stage: the worker has it (a release sent earlier would be lost). */
function hold(pool: EnginePool, query: string, options: Parameters<EnginePool['analyze']>[1] = {}) {
  let started: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (started = resolve));
  const answer = ask(pool, `hold ${query}`, { ...options, onStage: started });
  return { answer, reached };
}

/** Settles a promise into a value or the error, so a test can look at a rejection it provoked. */
const outcome = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});
afterAll(() => channel.close());

describe('engine pool', () => {
  it('sizes itself to the machine: one core keeps the request thread, at most two workers', () => {
    expect([1, 2, 3, 4, 16].map((cores) => defaultWorkerCount(cores))).toEqual([1, 1, 2, 2, 2]);
  });

  // ADR 048: a caller that listens to no progress (a search answered in one envelope) is not sent
  // any: each opportunity would be cloned onto the request thread once more than needed.
  it('asks the worker for progress messages only when the caller listens to them', async () => {
    const pool = await scriptedPool(1, 10);
    expect((await ask(pool, 'quiet')).progress).toBe(false);
    expect((await ask(pool, 'staged', { onStage: () => undefined })).progress).toBe(true);
    expect((await ask(pool, 'listed', { onOpportunity: () => undefined })).progress).toBe(true);
  });

  it('runs queued analyses in arrival order and relays their stages before each answer', async () => {
    const pool = await scriptedPool(1, 10);
    const seen: string[] = [];
    const answers = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((q) =>
        ask(pool, q, { onStage: (stage) => seen.push(`${q}:${stage}`) }).then((a) => {
          seen.push(`${q}:done`);
          return a;
        }),
      ),
    );
    expect(answers.map((a) => [a.query, a.seq])).toEqual([
      ['one', 1],
      ['two', 2],
      ['three', 3],
      ['four', 4],
      ['five', 5],
    ]);
    for (const q of ['one', 'two', 'three', 'four', 'five'])
      expect(seen.indexOf(`${q}:parsing`)).toBeLessThan(seen.indexOf(`${q}:done`));
    expect(pool.load()).toMatchObject({ running: 0, queued: 0, saturated: false });
  });

  it('answers 503 with Retry-After when the queue is full, and takes work again once it drains', async () => {
    const pool = await scriptedPool(1, 1);
    const running = hold(pool, 'running');
    const waiting = ask(pool, 'waiting');
    expect(pool.load()).toMatchObject({ running: 1, queued: 1, queueLimit: 1, saturated: true });
    const refused = await outcome(ask(pool, 'refused'));
    expect(refused).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE', statusCode: 503 } });
    const error = (refused as { error: AppError }).error;
    expect(error).toBeInstanceOf(AppError);
    expect(Number(error.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    await running.reached;
    channel.postMessage({ analysis: { query: 'hold running', seq: 1 } });
    await expect(running.answer).resolves.toMatchObject({ query: 'hold running' });
    await expect(waiting).resolves.toMatchObject({ query: 'waiting' });
    await expect(ask(pool, 'after')).resolves.toMatchObject({ query: 'after' });
  });

  it('serves a search at once while re-runs (background) hold a worker and fill their own queue', async () => {
    const pool = await scriptedPool(2, 3);
    const background = { priority: 'background' } as const;
    const rerun = hold(pool, 'rerun running', background);
    const queued = ['rerun 1', 'rerun 2', 'rerun 3'].map((q) => outcome(ask(pool, q, background)));
    // Background work takes all slots but one: the second worker stays free for people.
    expect(pool.load()).toMatchObject({ running: 1, queued: 0, backgroundQueued: 3, saturated: false });
    const refused = await outcome(ask(pool, 'rerun 4', background));
    expect(refused).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE', statusCode: 503 } });

    // A person's search is answered while the re-run is still held and three more wait.
    await expect(ask(pool, 'user search')).resolves.toMatchObject({ query: 'user search' });
    expect(pool.load()).toMatchObject({ running: 1, backgroundQueued: 3 });

    await rerun.reached;
    channel.postMessage({ analysis: { query: 'hold rerun running' } });
    await rerun.answer;
    expect((await Promise.all(queued)).map((o) => ('value' in o ? o.value.query : o.error))).toEqual([
      'rerun 1',
      'rerun 2',
      'rerun 3',
    ]);
  });

  it('runs waiting searches before waiting re-runs when a worker frees', async () => {
    const pool = await scriptedPool(1, 5);
    const background = { priority: 'background' } as const;
    const done: string[] = [];
    const track = (p: Promise<{ query: string }>) => p.then((a) => done.push(a.query));
    const rerun = hold(pool, 'rerun running', background);
    const all = [
      ...['rerun 1', 'rerun 2', 'rerun 3'].map((q) => track(ask(pool, q, background))),
      ...['search 1', 'search 2'].map((q) => track(ask(pool, q))),
    ];
    expect(pool.load()).toMatchObject({ running: 1, queued: 2, backgroundQueued: 3 });
    await rerun.reached;
    channel.postMessage({ analysis: { query: 'rerun running' } });
    await Promise.all([rerun.answer, ...all]);
    expect(done).toEqual(['search 1', 'search 2', 'rerun 1', 'rerun 2', 'rerun 3']);
  });

  it('tells a waiting analysis its place in the queue, and again each time it moves up', async () => {
    const pool = await scriptedPool(1, 3);
    const places: string[] = [];
    const onQueued = (name: string) => (position: number) => places.push(`${name}:${position}`);
    const running = hold(pool, 'running', { onQueued: onQueued('running') });
    const first = ask(pool, 'first', { onQueued: onQueued('first') });
    const leaving = new AbortController();
    const second = outcome(ask(pool, 'second', { signal: leaving.signal, onQueued: onQueued('second') }));
    const third = ask(pool, 'third', { onQueued: onQueued('third') });
    const refused = await outcome(ask(pool, 'refused', { onQueued: onQueued('refused') }));
    expect(refused).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    // Started at once or refused: never told it waits.
    expect(places).toEqual(['first:1', 'second:2', 'third:3']);
    leaving.abort();
    expect(places.slice(3)).toEqual(['third:2']);
    await running.reached;
    channel.postMessage({ analysis: { query: 'hold running', seq: 1 } });
    await Promise.all([running.answer, first, third]);
    expect(await second).toMatchObject({ error: { name: 'AbortError' } });
    expect(places).toEqual(['first:1', 'second:2', 'third:3', 'third:2', 'third:1']);
  });

  it('carries an abort to the worker: a waiting job leaves the queue, a running one is cancelled there', async () => {
    const pool = await scriptedPool(1, 5);
    const first = new AbortController();
    const second = new AbortController();
    const running = outcome(ask(pool, 'hold first', { signal: first.signal }));
    const queued = outcome(ask(pool, 'hold second', { signal: second.signal }));
    expect(pool.load()).toMatchObject({ running: 1, queued: 1 });
    second.abort();
    expect(pool.load()).toMatchObject({ running: 1, queued: 0 });
    expect(await queued).toMatchObject({ error: { name: 'AbortError' } });
    first.abort();
    expect(await running).toMatchObject({ error: { name: 'AbortError' } });
    // The held job never answers on its own: the slot frees only when the worker saw the cancel.
    await vi.waitFor(() => expect(pool.load().running).toBe(0));
    // The queued job never reached the worker: the next one is the worker's second.
    await expect(ask(pool, 'next')).resolves.toMatchObject({ seq: 2 });
  });

  it('answers a worker crash as an error, fails only that worker’s jobs, and replaces the worker', async () => {
    const pool = await scriptedPool(2, 5);
    const other = hold(pool, 'on the other worker');
    const crashed = await outcome(ask(pool, 'crash now'));
    expect(crashed).toMatchObject({ error: { message: expect.stringMatching(/stopped unexpectedly.*exit code 3/) } });
    expect((crashed as { error: unknown }).error).not.toBeInstanceOf(AppError);
    expect(pool.load()).toMatchObject({ running: 1 });
    await other.reached;
    channel.postMessage({ analysis: { query: 'survived' } });
    await expect(other.answer).resolves.toEqual({ query: 'survived' });
    await vi.waitFor(() => expect(pool.load()).toMatchObject({ workers: 2, ready: 2 }));
    const answers = await Promise.all([ask(pool, 'a'), ask(pool, 'b'), ask(pool, 'c')]);
    expect(answers.map((a) => a.query)).toEqual(['a', 'b', 'c']);
  });

  it('refuses work after close, and a worker that cannot start fails the pool’s creation', async () => {
    const pool = await scriptedPool(1, 5);
    await pool.close();
    await expect(ask(pool, 'late')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const missing = new URL('./test/no-such-worker.mjs', import.meta.url);
    await expect(createEnginePool({ env, workers: 1, queueLimit: 1, workerUrl: missing })).rejects.toThrow(
      /could not start/,
    );
  });
});

describe('engine pool with the real engine worker', () => {
  it('answers exactly what the in-process engine answers, with its stages and opportunities', async () => {
    const pool = await createEnginePool({ env, workers: 1, queueLimit: 5 });
    pools.push(pool);
    const inProcess = await createEngine({ env });
    const input = { query: 'meal planning for families', filters: defaultFilters() };
    const stages: string[] = [];
    const ranks: number[] = [];
    const [pooled, profiled] = await Promise.all([
      pool.analyze(input, { onStage: (s) => stages.push(s), onOpportunity: (o) => ranks.push(o.rank) }),
      pool.marketProfile('meal planning'),
    ]);
    expect(pooled).toEqual(await inProcess.analyze(input));
    expect(pooled.opportunities.length).toBeGreaterThan(0);
    expect(ranks).toEqual(pooled.opportunities.map((o) => o.rank));
    expect(stages).toEqual(expect.arrayContaining(['parsing', 'writing']));
    // Without listeners: no progress messages, the same analysis.
    expect(await pool.analyze(input)).toEqual(pooled);
    expect(profiled.corpus).toEqual({ kind: 'seed', version: inProcess.status().corpusVersion });
    expect(pool.status()).toEqual(inProcess.status());
  });

  // ADR 045: the engine's threads yield the CPU. On Linux each thread is a task with its own nice
  // value (/proc/<pid>/task/<tid>/stat, field 19): the worker's is the lowest, the request thread's
  // is what it was. Where util-linux's chrt is installed the worker is also idle-class (field 41,
  // policy 5: SCHED_IDLE, ADR 051, 28 Nov afternoon) and the request thread stays normal (0). Elsewhere a thread cannot
  // be made nicer alone, and nothing is changed.
  it('runs its worker thread at the lowest CPU priority, and leaves the request thread’s as it was', async () => {
    const statOf = (tid: number) => {
      const stat = fs.readFileSync(`/proc/${String(process.pid)}/task/${String(tid)}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    };
    const niceOf = (tid: number) => Number(statOf(tid)[16]);
    const policyOf = (tid: number) => Number(statOf(tid)[38]);
    const hasChrt = (process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(`${dir}/chrt`));
    const policyBefore = process.platform === 'linux' ? policyOf(process.pid) : 0;
    const before = os.getPriority();
    const told: string[] = [];
    const log = { info: (m: string) => told.push(m), warn: (m: string) => told.push(m) };
    const pool = await createEnginePool({ env, workers: 2, queueLimit: 5, log });
    pools.push(pool);
    const threads = pool.threads();
    const onLinux = process.platform === 'linux';
    expect(threads).toHaveLength(onLinux ? 2 : 0);
    // One line at start-up, and only when the threads got less than designed (engine-scheduling.test.ts).
    expect(told).toHaveLength(onLinux && hasChrt ? 0 : 1);
    expect(new Set(threads.map((t) => t.tid)).size).toBe(threads.length);
    for (const { tid, nice, idle } of threads) {
      expect(tid).not.toBe(process.pid);
      expect(nice).toBe(19);
      expect(niceOf(tid)).toBe(19);
      expect(niceOf(process.pid)).toBe(before);
      expect(idle).toBe(hasChrt);
      expect(policyOf(tid)).toBe(hasChrt ? 5 : policyBefore);
      expect(policyOf(process.pid)).toBe(policyBefore);
    }
    expect(os.getPriority()).toBe(before);
  });
});
