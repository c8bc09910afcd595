import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { degradedResponseSchema, healthyResponseSchema } from '#shared/api/health.schemas.ts';
import { migrationStatus } from '../../db/migrate.ts';

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
      await database.db.execute(sql`select 1`);
      reachable = true;
      migrations = await migrationStatus(database);
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
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
