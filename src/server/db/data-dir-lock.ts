import fs from 'node:fs';
import path from 'node:path';

// PGlite has no lock of its own: two processes on one folder corrupt it. We hold DATA_DIR/.lock
// (created exclusively) for the life of the process. It records our pid and that process's start
// time: a lock is held only while a process with that pid *and* that start time runs. A lock left
// by a dead process, or whose pid now belongs to another process (after a container restart pids
// are reused), is taken over.

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Unbuilt process (pid ${pid}). ` +
        'Stop that process, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { release: () => void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The kernel's start time of a process (Linux /proc, in clock ticks since boot), or null elsewhere. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): field 22 is starttime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

type LockRecord = { pid: number; start: string | null };

function readLock(file: string): LockRecord | null {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text), start: null }; // written by an older version
  try {
    const record = JSON.parse(text) as Partial<LockRecord>;
    return typeof record.pid === 'number' ? { pid: record.pid, start: record.start ?? null } : null;
  } catch {
    return null; // torn or foreign content: not a lock anyone holds
  }
}

/** True while the process that wrote the lock still runs (same pid and, where known, same start time). */
function isHeld(record: LockRecord): boolean {
  if (!Number.isInteger(record.pid) || record.pid === process.pid || !isAlive(record.pid)) return false;
  if (record.start === null) return true;
  const now = processStartTime(record.pid);
  return now === null || now === record.start;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const mine: LockRecord = { pid: process.pid, start: processStartTime(process.pid) };
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          try {
            if (readLock(file)?.pid === process.pid) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const record = readLock(file);
      if (record && isHeld(record)) throw new DataDirLockedError(dataDir, record.pid);
      fs.rmSync(file, { force: true }); // stale: its process is gone, or its pid now belongs to another
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}.`);
}
