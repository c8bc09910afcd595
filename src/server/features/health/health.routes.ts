import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { degradedResponseSchema, healthyResponseSchema, type HealthData } from '#shared/api/health.schemas.ts';
import { HEALTH_PROBE_MS, type DatabaseHandle } from '../../db/client.ts';
import { migrationStatus } from '../../db/migrate.ts';

// GET /api/health for load balancers: 200 "ok", 200 "busy" (working, at capacity: keep it in the
// pool), 503 "degraded" (down: the database does not answer or migrations are missing).
// PostgreSQL is probed on a connection of its own (db/client.ts), so requests holding every pooled
// connection do not make a busy instance read as down. PGlite runs in this process: a probe that
// waits past the budget is queued behind other statements, which is busy, not down.

type Probe =
  { outcome: 'answered'; migrations: HealthData['migrations'] } | { outcome: 'timeout' } | { outcome: 'failed' };

async function probeDatabase(database: DatabaseHandle): Promise<Probe> {
  const handle = database.probe ? { ...database, db: database.probe } : database;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Probe>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: 'timeout' }), HEALTH_PROBE_MS);
  });
  const work = (async (): Promise<Probe> => {
    await handle.db.execute(sql`select 1`);
    return { outcome: 'answered', migrations: await migrationStatus(handle) };
  })().catch((): Probe => ({ outcome: 'failed' }));
  // Logged once per interval by the error handler's outage throttle for requests; here the answer
  // itself (reachable: false) is the signal, so nothing is logged per probe.
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsync = async (app) => {
  const schema = {
    tags: ['health'],
    summary: 'Liveness, readiness and load',
    description:
      '200 with status "ok", or "busy" when the instance works but is at capacity (analyses queue; keep routing to it); 503 with status "degraded" when the database does not answer or migrations are missing.',
    response: { 200: healthyResponseSchema, 503: degradedResponseSchema },
  };
  // The last migration count read: a PGlite probe that waits in the queue reports it again.
  let lastMigrations: HealthData['migrations'] = { applied: 0, expected: 0, upToDate: false };
  app.get('/', { schema }, async (_request, reply) => {
    const { database } = app.deps;
    const probe = await probeDatabase(database);
    const queued = probe.outcome === 'timeout' && database.kind === 'pglite';
    if (probe.outcome === 'answered') lastMigrations = probe.migrations;
    const reachable = probe.outcome === 'answered' || queued;
    const migrations = reachable ? lastMigrations : { applied: 0, expected: 0, upToDate: false };
    const reports = Object.fromEntries(
      await Promise.all([...app.deps.healthReports].map(async ([name, report]) => [name, await report()] as const)),
    );
    const busy: HealthData['busy'] = [];
    if (queued) busy.push('database');
    if (app.hasDecorator('engineLoad') && app.engineLoad()?.saturated) busy.push('engine');
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
