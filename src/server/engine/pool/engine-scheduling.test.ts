import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { systemPath } from '../../env.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EnginePool } from './engine-pool.ts';
import { schedulingNotice } from './engine-scheduling.ts';
import { findChrt, schedulingPolicyOf, type ThreadPriority } from './thread-priority.ts';

// ADR 059: the pool says once at start-up, through the server's logger, how its threads are
// scheduled when that is less than designed (045: nice 19; 051: the idle class through chrt). The
// app tests start real engine workers; only the lookup of chrt is answered by the test.

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

const idle = (tid: number): ThreadPriority => ({ tid, nice: 19, idle: true });
const niceOnly = (tid: number): ThreadPriority => ({ tid, nice: 19, idle: false });

describe('the start-up line about the engine threads’ scheduling', () => {
  it.each([
    {
      case: 'Linux, every thread idle-class',
      platform: 'linux',
      chrt: '/usr/bin/chrt',
      threads: [idle(1), idle(2)],
      expected: null,
    },
    {
      case: 'Linux, chrt not on PATH',
      platform: 'linux',
      chrt: null,
      threads: [niceOnly(1), niceOnly(2)],
      expected: {
        level: 'warn',
        says: /nice 19 in the normal scheduling class.*chrt \(util-linux\) was not found on PATH/,
      },
    },
    {
      case: 'Linux, chrt refused for one thread',
      platform: 'linux',
      chrt: '/usr/bin/chrt',
      threads: [idle(1), niceOnly(2)],
      expected: { level: 'warn', says: /nice 19 in the normal scheduling class.*\/usr\/bin\/chrt --idle was refused/ },
    },
    {
      case: 'Linux, a thread not lowered at all',
      platform: 'linux',
      chrt: '/usr/bin/chrt',
      threads: [idle(1), null],
      expected: { level: 'warn', says: /normal CPU priority and scheduling class.*\/proc\/thread-self/ },
    },
    {
      case: 'not Linux',
      platform: 'darwin',
      chrt: null,
      threads: [null],
      expected: { level: 'info', says: /normal CPU priority: only Linux/ },
    },
  ] as const)('$case', ({ platform, chrt, threads, expected }) => {
    const notice = schedulingNotice({ priority: 'low', platform, chrt, threads: [...threads] });
    if (expected === null) expect(notice).toBeNull();
    else expect(notice).toEqual({ level: expected.level, message: expect.stringMatching(expected.says) });
  });

  // ENGINE_THREAD_PRIORITY=normal (ADR 063): one info line, whatever the threads report, on any platform.
  it.each([
    { platform: 'linux', threads: [{ tid: 1, nice: 0, idle: false }] },
    { platform: 'linux', threads: [null] },
    { platform: 'darwin', threads: [null] },
  ] as const)('normal priority asked for on $platform: one info line that says so', ({ platform, threads }) => {
    expect(schedulingNotice({ priority: 'normal', platform, chrt: null, threads: [...threads] })).toEqual({
      level: 'info',
      message: expect.stringMatching(/^Engine threads keep the normal CPU priority \(ENGINE_THREAD_PRIORITY=normal\)/),
    });
  });
});

/** An app whose engine runs in `workers` real worker threads, its info lines and warnings collected. */
async function poolApp(workers: number, findChrtForTest?: () => string | null, priority: 'low' | 'normal' = 'low') {
  const lines: { level: number; msg: string }[] = [];
  const t = await createTestApp({
    env: { ENGINE_WORKERS: String(workers), LOG_LEVEL: 'info', ENGINE_THREAD_PRIORITY: priority },
    overrides: findChrtForTest ? { findChrt: findChrtForTest } : {},
    logStream: {
      write: (line) => {
        const { level, msg } = JSON.parse(line) as { level: number; msg: string };
        lines.push({ level, msg });
      },
    },
  });
  apps.push(t);
  const pool = t.app.engine as EnginePool;
  const schedulingLines = () => lines.filter((l) => /Engine threads/.test(l.msg));
  return { pool, schedulingLines };
}

// Linux (the project's platform, docs/decisions/045): elsewhere a thread cannot be lowered alone.
describe('the engine threads’ scheduling, logged at start-up', () => {
  it('warns once, through the server’s logger, when chrt cannot be found: two threads at nice 19, normal class', async () => {
    const { pool, schedulingLines } = await poolApp(2, () => null);
    const threads = pool.threads();
    expect(threads).toHaveLength(2);
    for (const { tid } of threads) {
      expect(os.getPriority(tid)).toBe(19);
      expect(schedulingPolicyOf(tid)).toBe(schedulingPolicyOf(process.pid));
    }
    expect(schedulingLines()).toEqual([
      {
        level: 40,
        msg: expect.stringMatching(
          /^Engine threads run at nice 19 in the normal scheduling class.*chrt \(util-linux\) was not found on PATH/,
        ),
      },
    ]);
  });

  // CI and development machines here are Debian, where util-linux (chrt) is Essential: this test
  // needs it, and says so when it is missing rather than passing without looking.
  it('says nothing when chrt is found and the threads join the idle class', async () => {
    expect(findChrt(systemPath()), 'chrt (util-linux) must be on PATH for this test').not.toBeNull();
    const { pool, schedulingLines } = await poolApp(1);
    const [thread] = pool.threads();
    expect(thread).toMatchObject({ nice: 19, idle: true });
    expect(schedulingPolicyOf(thread!.tid)).toBe(5);
    expect(schedulingLines()).toEqual([]);
  });

  it('leaves the thread as the process runs it when ENGINE_THREAD_PRIORITY=normal, and says so once', async () => {
    const { pool, schedulingLines } = await poolApp(1, undefined, 'normal');
    const [thread] = pool.threads();
    expect(thread).toEqual({ tid: expect.any(Number), nice: os.getPriority(process.pid), idle: false });
    expect(os.getPriority(thread!.tid)).toBe(os.getPriority(process.pid));
    expect(schedulingPolicyOf(thread!.tid)).toBe(schedulingPolicyOf(process.pid));
    expect(schedulingLines()).toEqual([
      {
        level: 30,
        msg: expect.stringMatching(/^Engine threads keep the normal CPU priority \(ENGINE_THREAD_PRIORITY=normal\)/),
      },
    ]);
  });
});
