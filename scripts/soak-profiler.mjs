// Loaded into the server by the mixed soak when SOAK_PROFILE_DIR is set (NODE_OPTIONS=--import):
// profiles the request thread, phase by phase. The soak writes `start <label>` or `stop <label>`
// to SOAK_PROFILE_DIR/control; within 100 ms this starts a CPU profile and a histogram of the event
// loop's delay, or writes them as <label>.cpuprofile and <label>.eld.json. (Not a signal: the server
// shuts down on SIGUSR2, close-with-grace.) Engine and health threads are not profiled.
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.SOAK_PROFILE_DIR;
if (isMainThread && dir) {
  const session = new Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
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
      running = { label, histogram, startedAt: Date.now(), cpu: process.cpuUsage() };
      void post('Profiler.start');
    } else if (verb === 'stop' && running) {
      const { histogram, startedAt, cpu } = running;
      running = null;
      histogram.disable();
      const used = process.cpuUsage(cpu);
      const eld = {
        seconds: (Date.now() - startedAt) / 1000,
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
      void post('Profiler.stop').then(({ profile }) =>
        fs.writeFileSync(path.join(dir, `${label}.cpuprofile`), JSON.stringify(profile)),
      );
    }
  }, 100).unref();
}
