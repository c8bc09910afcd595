// Loaded into the server by the mixed soak when SOAK_PROFILE_DIR is set (NODE_OPTIONS=--import):
// profiles the request thread, phase by phase. The soak writes `start <label>` or `stop <label>`
// to SOAK_PROFILE_DIR/control; within 100 ms this starts a CPU profile, a histogram of the event
// loop's delay and a count of the statements sent to the database, or writes them as
// <label>.cpuprofile, <label>.eld.json and <label>.statements.json. (Not a signal: the server shuts
// down on SIGUSR2, close-with-grace.) Engine and health threads are not profiled.
//
// <label>.statements.json (docs/decisions/051): the request thread's own CPU time (from
// /proc/self/task/<pid>/stat; the process's includes the engine threads), and the statements by
// their first 90 characters — on PostgreSQL each pg query, on PGlite each Parse or simple Query
// message, with the time PGlite spent in WebAssembly for it (wall time, so it includes waiting for
// a CPU on a loaded machine). Since docs/decisions/065 the server's PGlite runs in a worker thread,
// which this does not patch: on PGlite the counts are empty and the request thread's CPU is the figure.
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

const dir = process.env.SOAK_PROFILE_DIR;

/** Statements by kind (and PGlite's time in each), counted from when `reset` was last called. */
function countStatements() {
  let counts = new Map();
  let current = '?';
  const record = (text) => {
    current = String(text).replace(/\s+/g, ' ').trim().slice(0, 90);
    const entry = counts.get(current) ?? { n: 0, ms: 0 };
    entry.n++;
    counts.set(current, entry);
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    record(typeof config === 'string' ? config : (config?.text ?? '?'));
    return query.call(this, config, ...rest);
  };
  const decoder = new TextDecoder();
  const exec = PGlite.prototype.execProtocolRawSync;
  PGlite.prototype.execProtocolRawSync = function (message) {
    // Parse ('P': length, statement name, text) and Query ('Q': length, text) carry a statement;
    // the messages after them (describe, bind, execute, sync) are counted to its time.
    if (message[0] === 0x50 || message[0] === 0x51) {
      const start = message[0] === 0x50 ? message.indexOf(0, 5) + 1 : 5;
      record(decoder.decode(message.subarray(start, message.indexOf(0, start))));
    }
    const started = performance.now();
    try {
      return exec.call(this, message);
    } finally {
      const entry = counts.get(current);
      if (entry) entry.ms += performance.now() - started;
    }
  };
  return {
    reset: () => (counts = new Map()),
    report: () => {
      const kinds = [...counts].sort((a, b) => b[1].n - a[1].n);
      return {
        statements: kinds.reduce((sum, [, e]) => sum + e.n, 0),
        pgliteMs: Math.round(kinds.reduce((sum, [, e]) => sum + e.ms, 0)),
        byKind: kinds.map(([text, e]) => ({ n: e.n, pgliteMs: Math.round(e.ms), text })),
      };
    },
  };
}

/** The request thread's CPU seconds (user + system), Linux only (null elsewhere). */
function requestThreadCpuSeconds() {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

if (isMainThread && dir) {
  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  const statements = countStatements();
  const control = path.join(dir, 'control');
  let last = '';
  let running = null;
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  setInterval(() => {
    let command = '';
    try {
      command = fs.readFileSync(control, 'utf8').trim();
    } catch {
      return;
    }
    if (command === last) return;
    last = command;
    const [verb, label] = command.split(' ');
    if (verb === 'start' && !running) {
      const histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      statements.reset();
      running = { label, histogram, startedAt: Date.now(), cpu: process.cpuUsage(), thread: requestThreadCpuSeconds() };
      void post('Profiler.start');
    } else if (verb === 'stop' && running) {
      const { histogram, startedAt, cpu, thread } = running;
      running = null;
      histogram.disable();
      const used = process.cpuUsage(cpu);
      const threadNow = requestThreadCpuSeconds();
      const seconds = (Date.now() - startedAt) / 1000;
      const eld = {
        seconds,
        processCpuSeconds: (used.user + used.system) / 1e6,
        eventLoopDelayMs: {
          p50: ms(histogram.percentile(50)),
          p95: ms(histogram.percentile(95)),
          p99: ms(histogram.percentile(99)),
          max: ms(histogram.max),
          mean: ms(histogram.mean),
        },
      };
      fs.writeFileSync(path.join(dir, `${label}.eld.json`), JSON.stringify(eld, null, 2));
      const requestThreadCpu =
        thread === null || threadNow === null ? null : Math.round((threadNow - thread) * 100) / 100;
      fs.writeFileSync(
        path.join(dir, `${label}.statements.json`),
        JSON.stringify({ seconds, requestThreadCpuSeconds: requestThreadCpu, ...statements.report() }, null, 2),
      );
      void post('Profiler.stop').then(({ profile }) =>
        fs.writeFileSync(path.join(dir, `${label}.cpuprofile`), JSON.stringify(profile)),
      );
    }
  }, 100).unref();
}
