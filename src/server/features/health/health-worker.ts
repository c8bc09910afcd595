import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { healthAnswer } from './health-answer.logic.ts';
import {
  clockNow,
  FLAGS,
  readSignals,
  type FromHealthWorker,
  type HealthWorkerData,
  type ToHealthWorker,
} from './health-signals.logic.ts';

// The health port's thread (docs/decisions/043): a bare node:http listener answering GET /api/health
// from the request thread's shared signals, so it answers while that thread is busy or blocked.
// PostgreSQL: the database is asked on this thread's own connection (one, kept open, short
// timeouts) unless the request thread heard from it in the last RECENT_ANSWER_MS. PGlite runs in a
// thread of its own (docs/decisions/065) that only the request thread talks to: it is up while it
// is open and that thread runs (the request thread's flag), as on the main port.

const data = workerData as HealthWorkerData;
const port = parentPort!;
const post = (message: FromHealthWorker): void => port.postMessage(message);

/** The request thread's pool heard from PostgreSQL this recently: reachable without a probe. */
const RECENT_ANSWER_MS = 250;

const pool = data.databaseUrl
  ? new pg.Pool({
      connectionString: data.databaseUrl,
      max: 1,
      // Kept open: a probe is one round trip, not a new connection each time.
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: data.probeMs,
      statement_timeout: data.probeMs,
      query_timeout: data.probeMs,
      keepAlive: true,
      application_name: 'unbuilt-health',
    })
  : null;
pool?.on('connect', (client) => client.on('error', () => undefined));
pool?.on('error', () => undefined);

let probing: Promise<boolean> | null = null;

/** One `select 1` at a time on this thread's connection; callers arriving meanwhile share it. */
function probe(database: pg.Pool): Promise<boolean> {
  probing ??= (async () => {
    const started = clockNow();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), data.probeMs);
    });
    const answered = await Promise.race([
      database.query('select 1').then(
        () => true,
        () => false,
      ),
      timeout,
    ]).finally(() => clearTimeout(timer));
    // PostgreSQL slow to answer this connection, while the request thread's pool heard from it since
    // the probe began: it answers (busy, not down).
    return answered || readSignals(data.buffer).databaseAnsweredAt >= started;
  })().finally(() => {
    probing = null;
  });
  return probing;
}

async function reachable(): Promise<boolean> {
  const signals = readSignals(data.buffer);
  if (!pool) return (signals.flags & FLAGS.databaseClosed) === 0;
  if (clockNow() - signals.databaseAnsweredAt <= RECENT_ANSWER_MS) return true;
  return probe(pool);
}

function send(res: http.ServerResponse, statusCode: number, body: unknown, head: boolean): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(head ? undefined : text);
}

const server = http.createServer((req, res) => {
  const head = req.method === 'HEAD';
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/api/health' || (req.method !== 'GET' && !head)) {
    send(res, 404, { success: false, code: 'NOT_FOUND', message: 'This port answers only GET /api/health.' }, head);
    return;
  }
  void reachable().then((isReachable) => {
    const answer = healthAnswer({
      kind: data.kind,
      signals: readSignals(data.buffer),
      now: clockNow(),
      reachable: isReachable,
    });
    send(res, answer.statusCode, answer.body, head);
  });
});
server.keepAliveTimeout = 5_000;
server.on('error', (error) => post({ type: 'failed', message: error.message }));
server.listen(data.port, data.host, () => {
  const address = server.address();
  post({ type: 'listening', port: typeof address === 'object' && address ? address.port : data.port });
});

port.on('message', (message: ToHealthWorker) => {
  if (message.type !== 'close') return;
  server.close();
  server.closeAllConnections();
  void (pool?.end() ?? Promise.resolve()).finally(() => port.close());
});
