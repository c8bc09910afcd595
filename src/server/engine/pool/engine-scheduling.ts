import type { ThreadPriority } from './thread-priority.ts';

// What the pool says once at start-up about how its threads are scheduled (docs/decisions/045, 051,
// 059). As designed (Linux, every thread at nice 19 in the idle class) it says nothing. Anything less
// is said in one line that names what the threads got and why, so an operator whose reads slow down
// under searches can tell from the log whether analyses were yielding the CPU.

export type SchedulingNotice = { level: 'info' | 'warn'; message: string };

/**
 * The start-up line for the engine threads' scheduling, or null when they got what they should.
 * `priority`: ENGINE_THREAD_PRIORITY ('normal': the threads were not to be lowered, ADR 063);
 * `threads`: what each worker reported with `ready` (null: it could not lower its thread alone);
 * `chrt`: where the pool found `chrt` (null: not on PATH).
 */
export function schedulingNotice(options: {
  priority: 'low' | 'normal';
  platform: NodeJS.Platform;
  chrt: string | null;
  threads: (ThreadPriority | null)[];
}): SchedulingNotice | null {
  const { priority, platform, chrt, threads } = options;
  if (priority === 'normal') {
    return {
      level: 'info',
      message:
        'Engine threads keep the normal CPU priority (ENGINE_THREAD_PRIORITY=normal): analyses compete ' +
        'with requests for the CPU, and other processes cannot starve them (ADR 063).',
    };
  }
  if (platform !== 'linux') {
    return {
      level: 'info',
      message: 'Engine threads keep the normal CPU priority: only Linux lowers one thread alone (ADR 045).',
    };
  }
  const lowered = threads.filter((t): t is ThreadPriority => t !== null);
  if (lowered.length < threads.length) {
    return {
      level: 'warn',
      message:
        'Engine threads keep the normal CPU priority and scheduling class: a worker could not read its ' +
        'thread id from /proc/thread-self or was refused a lower priority, so analyses compete with ' +
        'requests for the CPU (ADR 045).',
    };
  }
  if (lowered.every((t) => t.idle)) return null;
  const nice = Math.min(...lowered.map((t) => t.nice));
  const why =
    chrt === null
      ? 'chrt (util-linux) was not found on PATH; install util-linux for the idle class'
      : `${chrt} --idle was refused`;
  return {
    level: 'warn',
    message:
      `Engine threads run at nice ${String(nice)} in the normal scheduling class, not the idle class: ${why}. ` +
      'Requests still come first, but analyses take a larger share of a busy CPU (ADR 051).',
  };
}
