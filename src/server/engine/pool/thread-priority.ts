import fs from 'node:fs';
import os from 'node:os';

// The engine's threads yield the CPU (docs/decisions/045): an engine worker lowers the scheduling
// priority of its own thread, never the process's, so the request thread, the health thread and the
// in-process database win the CPU whenever they want it, and analyses use what is left.
//
// On Linux each thread is a task with its own nice value, and setpriority(PRIO_PROCESS, tid) sets
// that task's alone; the id comes from /proc/thread-self (".../task/<tid>"). Elsewhere (macOS,
// Windows) setpriority names a process: lowering "this thread" would lower the request thread too,
// so nothing is changed there and the pool says so once in the log.

/** The engine threads' nice value: the lowest priority there is. Raising niceness needs no privilege. */
export const ENGINE_THREAD_NICE = 19;

/** A thread whose priority was lowered: its kernel task id and the nice value it has now. */
export type ThreadPriority = { tid: number; nice: number };

/** This thread's kernel task id on Linux, else null. */
export function currentThreadId(): number | null {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's priority to `nice` (never raises it: a thread already nicer stays so).
 * Null where that cannot be done for this thread alone, or is refused.
 */
export function lowerThisThreadPriority(nice = ENGINE_THREAD_NICE): ThreadPriority | null {
  const tid = currentThreadId();
  if (tid === null) return null;
  try {
    if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    return { tid, nice: os.getPriority(tid) };
  } catch {
    return null;
  }
}
