import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPgliteThread, type PgliteThread, type RestartBackoff } from '../db/pglite-thread.ts';
import { seedPgliteDataDir } from './pglite-data-dir.ts';

/**
 * PGlite folders seeded from the migrated template and worker threads opened on them, for one test
 * file (db/pglite-thread*.test.ts): `cleanUp` closes every thread and removes every folder.
 */
export function pgliteThreads(): {
  seededDir: () => Promise<string>;
  newThread: (dir?: string, backoff?: RestartBackoff) => Promise<PgliteThread>;
  cleanUp: () => Promise<void>;
} {
  const dirs: string[] = [];
  const threads: PgliteThread[] = [];
  const seededDir = async (): Promise<string> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-pglite-thread-'));
    dirs.push(dataDir);
    await seedPgliteDataDir(dataDir);
    return path.join(dataDir, 'pglite');
  };
  const newThread = async (dir?: string, backoff?: RestartBackoff): Promise<PgliteThread> => {
    const thread = await startPgliteThread({ dataDir: dir ?? (await seededDir()), ...(backoff ? { backoff } : {}) });
    threads.push(thread);
    return thread;
  };
  const cleanUp = async (): Promise<void> => {
    await Promise.all(threads.map((thread) => thread.close()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  return { seededDir, newThread, cleanUp };
}
