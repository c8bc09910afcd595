import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { degradedResponseSchema, healthyResponseSchema, type HealthData } from '#shared/api/health.schemas.ts';
import { HEALTH_PROBE_MS, type DatabaseHandle } from '../../db/client.ts';
import { migrationStatus } from '../../db/migrate.ts';

// GET /api/health for load balancers: 200 "ok", 200 "busy" (working, at capacity: keep routing to
// it), 503 "degraded" (down: the database does not answer or migrations are missing).
// - PostgreSQL is probed on a connection of its own (db/client.ts), so requests holding every pooled
//   connection do not make a busy instance read as down; requests waiting for one make it "busy".
// - PostgreSQL that answered one of the pool's connections within the last 250 ms, or while the
//   probe waited, is up: under load that is every probe, and the probe's own round trip (one more
//   wait on a busy server and event loop) is skipped. Frozen or stopped, the pool stops hearing from
//   it, and the probe decides.
// - PGlite runs in a worker thread of this process (docs/decisions/065): it is up while it is open,
//   and its handle reads closed once that thread has stopped, until a new one serves (067). A probe
//   statement would only wait in its queue behind the requests (that is load, not an outage), so
//   none is sent once migrations are known to be applied.
// Migrations applied stay applied for this build: once up to date, the count is not read again.

type Probe = { outcome: 'answered'; migrations: HealthData['migrations'] } | { outcome: 'failed' };

/** PostgreSQL answered the pool this recently: reachable without a probe of its own. */
const RECENT_ANSWER_MS = 250;
const UNKNOWN_MIGRATIONS: HealthData['migrations'] = { applied: 0, expected: 0, upToDate: false };

function withinBudget(work: Promise<Probe>): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Probe>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: 'failed' }), HEALTH_PROBE_MS);
  });
  return Promise.race([work.catch((): Probe => ({ outcome: 'failed' })), timeout]).finally(() => clearTimeout(timer));
}

/** Whether the database answers (and the migrations), within HEALTH_PROBE_MS. */
export async function probe(database: DatabaseHandle, known: HealthData['migrations']): Promise<Probe> {
  if (database.pglite) {
    if (database.pglite.closed) return { outcome: 'failed' };
    if (known.upToDate) return { outcome: 'answered', migrations: known };
  }
  if (known.upToDate && database.answeredWithin?.(RECENT_ANSWER_MS)) return { outcome: 'answered', migrations: known };
  const handle = database.probe ? { ...database, db: database.probe } : database;
  const started = performance.now();
  const result = await withinBudget(
    (async (): Promise<Probe> => {
      await handle.db.execute(sql`select 1`);
      return { outcome: 'answered', migrations: known.upToDate ? known : await migrationStatus(handle) };
    })(),
  );
  // A probe can run out of time in this process (an event loop stalled by load), not in the
  // database: a pool that heard from the server since the probe began proves it answers.
  if (result.outcome === 'failed' && known.upToDate && database.answeredWithin?.(performance.now() - started))
    return { outcome: 'answered', migrations: known };
  return result;
}

export const healthRoutes: FastifyPluginAsync = async (app) => {
  const schema = {
    tags: ['health'],
    summary: 'Liveness, readiness and load',
    description:
      '200 with status "ok", or "busy" when the instance works but is at capacity (every engine worker taken, or requests waiting for a database connection): keep routing to it. 503 with status "degraded" when the database does not answer within 800 ms or migrations are missing.',
    response: { 200: healthyResponseSchema, 503: degradedResponseSchema },
  };
  let known = UNKNOWN_MIGRATIONS;
  app.get('/', { schema }, async (_request, reply) => {
    const { database } = app.deps;
    // Logged once per interval by the error handler's outage throttle for requests; here the answer
    // itself (reachable: false) is the signal, so nothing is logged per probe.
    const result = await probe(database, known);
    const reachable = result.outcome === 'answered';
    if (result.outcome === 'answered') known = result.migrations;
    const migrations = reachable ? known : UNKNOWN_MIGRATIONS;
    const reports = Object.fromEntries(
      await Promise.all([...app.deps.healthReports].map(async ([name, report]) => [name, await report()] as const)),
    );
    const busy: HealthData['busy'] = [];
    if (app.hasDecorator('engineLoad') && app.engineLoad()?.saturated) busy.push('engine');
    if ((database.pool?.waitingCount ?? 0) > 0) busy.push('database');
    const up = reachable && migrations.upToDate;
    const data: HealthData = {
      status: !up ? 'degraded' : busy.length > 0 ? 'busy' : 'ok',
      busy,
      database: { kind: database.kind, reachable },
      migrations,
      ...reports,
    };
    return up ? reply.status(200).send({ success: true, data }) : reply.status(503).send({ success: false, data });
  });
};
