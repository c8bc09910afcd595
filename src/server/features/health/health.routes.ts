import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { degradedResponseSchema, healthyResponseSchema } from '#shared/api/health.schemas.ts';
import { migrationStatus } from '../../db/migrate.ts';

/** Health answers within a second whatever the database does: a probe slower than this counts as unreachable. */
const PROBE_BUDGET_MS = 800;

function withinBudget<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('health probe timeout')), PROBE_BUDGET_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsync = async (app) => {
  const schema = {
    tags: ['health'],
    summary: 'Liveness and readiness',
    response: { 200: healthyResponseSchema, 503: degradedResponseSchema },
  };
  app.get('/', { schema }, async (_request, reply) => {
    const { database } = app.deps;
    let reachable = false;
    let migrations = { applied: 0, expected: 0, upToDate: false };
    try {
      migrations = await withinBudget(
        (async () => {
          await database.db.execute(sql`select 1`);
          reachable = true;
          return migrationStatus(database);
        })(),
      );
    } catch {
      // Logged once per interval by the error handler's outage throttle for requests; here the
      // answer itself (reachable: false) is the signal, so nothing is logged per probe.
    }
    const reports = Object.fromEntries(
      await Promise.all([...app.deps.healthReports].map(async ([name, report]) => [name, await report()] as const)),
    );
    const ok = reachable && migrations.upToDate;
    return reply.status(ok ? 200 : 503).send({
      success: ok,
      data: {
        status: ok ? 'ok' : 'degraded',
        database: { kind: database.kind, reachable },
        migrations,
        ...reports,
      },
    });
  });
};
