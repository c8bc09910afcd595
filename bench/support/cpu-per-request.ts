import fs from 'node:fs';

// CPU time spent per request, read from /proc (Linux): this process's main thread (the server; the
// load generator runs in a worker thread) and the PostgreSQL backends serving one database. On a
// shared 2-core machine req/s and the ratio to hello-world move with the load of other work; CPU per
// request moves much less, so it is what a change to the read path is judged by (ADR 047, 058).

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function ticksOf(statPath: string): number {
  const raw = fs.readFileSync(statPath, 'utf8');
  const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

function mainThreadSeconds(): number {
  try {
    return ticksOf(`/proc/self/task/${process.pid}/stat`) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

function backendSeconds(databaseName: string): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres: ') && cmdline.includes(` ${databaseName} `))
        ticks += ticksOf(`/proc/${entry}/stat`);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / TICKS_PER_SECOND;
}

export type CpuMeter = { stop: (requests: number) => string };

/** Starts measuring; `stop` describes µs per request (PostgreSQL's part when `databaseName` is given). */
export function startCpuMeter(databaseName?: string): CpuMeter {
  const server = mainThreadSeconds();
  const database = databaseName ? backendSeconds(databaseName) : 0;
  return {
    stop: (requests) => {
      const perRequest = (seconds: number) => ((seconds * 1e6) / Math.max(requests, 1)).toFixed(0);
      const parts = [`server thread ${perRequest(mainThreadSeconds() - server)} µs`];
      // Backends that exit during the run take their time with them: pooled connections stay open here.
      if (databaseName) parts.push(`PostgreSQL ${perRequest(backendSeconds(databaseName) - database)} µs`);
      return `CPU a request: ${parts.join(', ')}`;
    },
  };
}
