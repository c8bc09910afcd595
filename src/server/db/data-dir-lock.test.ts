import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, processStartTime } from './data-dir-lock.ts';

// The DATA_DIR lock: held while the process that wrote it runs; taken over when that process is
// gone or when its pid now belongs to some other process (pids are reused after a container restart).

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-lock-'));
}

function otherProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

describe('the data folder lock', () => {
  it('refuses a second holder while the first process runs', () => {
    const dir = tempDir();
    const pid = otherProcess();
    fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid, start: processStartTime(pid) }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock whose pid now belongs to another process (a different start time)', () => {
    const dir = tempDir();
    const pid = otherProcess();
    expect(processStartTime(pid)).not.toBeNull();
    fs.writeFileSync(path.join(dir, '.lock'), JSON.stringify({ pid, start: '1' }));
    const lock = acquireDataDirLock(dir);
    const record = JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8')) as { pid: number };
    expect(record.pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
  });

  it('takes over a lock of a dead process, a torn lock file, and one naming this very pid', () => {
    for (const content of [JSON.stringify({ pid: 2 ** 22 + 7, start: '5' }), '{"pid":', String(process.pid)]) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, '.lock'), content);
      acquireDataDirLock(dir).release();
    }
  });
});
