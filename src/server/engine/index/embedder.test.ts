import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedder, type Embedder } from './embedder.ts';

// The sentence-model worker lowers its own thread to nice 19 (ADR 045) unless the server keeps its
// engine threads' priority (ENGINE_THREAD_PRIORITY=normal, ADR 063). Linux names each thread by its
// task id: the worker's thread is one of the tasks this process gains when the embedder starts.

const tasks = (): Set<number> => new Set(fs.readdirSync('/proc/self/task').map(Number));

const opened: Embedder[] = [];
afterEach(async () => {
  for (const e of opened.splice(0)) await e.close();
});

/** The nice values of the threads the process gained while an embedder started and embedded once. */
async function niceOfNewThreads(lowerPriority: boolean): Promise<number[]> {
  const before = tasks();
  const embedder = createEmbedder(1, { lowerPriority });
  opened.push(embedder);
  const { dimensions } = await embedder.embed(['front desk scheduling for dental clinics']);
  expect(dimensions).toBeGreaterThan(0);
  const nice: number[] = [];
  for (const tid of tasks()) {
    if (before.has(tid)) continue;
    try {
      nice.push(os.getPriority(tid));
    } catch {
      // ended since it was listed
    }
  }
  return nice;
}

describe.runIf(process.platform === 'linux')('the sentence-model worker’s thread priority', () => {
  it('lowers its thread to nice 19 by default, and leaves every thread as it was when told not to', async () => {
    const own = os.getPriority(process.pid);
    expect(await niceOfNewThreads(true)).toContain(19);
    const kept = await niceOfNewThreads(false);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((n) => n === own)).toBe(true);
  });
});
