import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The engine's threads yield the CPU (docs/decisions/045): an engine worker lowers the scheduling
// priority of its own thread, never the process's, so the request thread, the health thread and the
// in-process database win the CPU whenever they want it, and analyses use what is left.
//
// On Linux each thread is a task with its own nice value, and setpriority(PRIO_PROCESS, tid) sets
// that task's alone; the id comes from /proc/thread-self (".../task/<tid>"). Elsewhere (macOS,
// Windows) setpriority names a process: lowering "this thread" would lower the request thread too,
// so nothing is changed there and the pool says so once in the log.
//
// Then, where util-linux's `chrt` is installed, the thread also joins the idle scheduling class
// (SCHED_IDLE, docs/decisions/051): nice 19 still weighs 15 against a normal thread's 1024 — and
// against 110 when the whole server runs at nice 10 — while an idle-class thread weighs 3 and is
// preempted by any other thread that wakes. Switching to it needs no privilege. Node cannot call
// sched_setscheduler itself, hence the child process, once per worker at start. The pool looks
// `chrt` up once on the request thread (findChrt) and hands each worker the path, or null: a worker
// never guesses, and the pool can say at start-up which scheduling its threads got and why
// (engine-scheduling.ts).

/** The engine threads' nice value: the lowest priority there is. Raising niceness needs no privilege. */
export const ENGINE_THREAD_NICE = 19;

/** A thread whose priority was lowered: its kernel task id, its nice value and whether it is idle-class. */
export type ThreadPriority = { tid: number; nice: number; idle: boolean };

/** SCHED_IDLE's number in /proc/<pid>/task/<tid>/stat (field 41, `policy`). */
const SCHED_IDLE = 5;

/** This thread's kernel task id on Linux, else null. */
export function currentThreadId(): number | null {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Where `chrt` is: the first executable of that name on the search path (PATH, `systemPath()` in env.ts), or null. */
export function findChrt(searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'chrt');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * Lowers the calling thread's priority to `nice` (never raises it: a thread already nicer stays so),
 * and joins the idle class with `chrt` when its path is given. Null where that cannot be done for
 * this thread alone, or is refused.
 */
export function lowerThisThreadPriority(options: { chrt: string | null; nice?: number }): ThreadPriority | null {
  const nice = options.nice ?? ENGINE_THREAD_NICE;
  const tid = currentThreadId();
  if (tid === null) return null;
  try {
    if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    if (options.chrt !== null && schedulingPolicyOf(tid) !== SCHED_IDLE) joinIdleClass(options.chrt, tid);
    return { tid, nice: os.getPriority(tid), idle: schedulingPolicyOf(tid) === SCHED_IDLE };
  } catch {
    return null;
  }
}

/** The calling thread's priority as it is (nothing changed), or null where it cannot be read for this thread alone. */
export function thisThreadPriority(): ThreadPriority | null {
  const tid = currentThreadId();
  if (tid === null) return null;
  try {
    return { tid, nice: os.getPriority(tid), idle: schedulingPolicyOf(tid) === SCHED_IDLE };
  } catch {
    return null;
  }
}

/** A task's scheduling policy (0 normal, 3 batch, 5 idle), from its stat line; null if unreadable. */
export function schedulingPolicyOf(tid: number, pid = process.pid): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${String(pid)}/task/${String(tid)}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; policy is field 41.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
  } catch {
    return null;
  }
}

/** `chrt --idle -p 0 <tid>`; a refusing chrt leaves the thread at its nice value (reported as not idle). */
function joinIdleClass(chrt: string, tid: number): void {
  try {
    execFileSync(chrt, ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 5_000 });
  } catch {
    // refused, or gone since the pool found it: nice alone
  }
}
