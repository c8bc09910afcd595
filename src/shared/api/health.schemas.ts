import { z } from 'zod';

// GET /api/health: database reachability, migrations, load, and the reports features add (engine,
// payments). "busy" is still healthy (200): the instance answers, but analyses wait for a worker or
// requests for a PostgreSQL connection; only "degraded" (503) means a load balancer should stop routing to it.
export const healthDataSchema = z
  .object({
    status: z.enum(['ok', 'busy', 'degraded']),
    /** What is at capacity: every engine worker is taken, or requests wait for a pooled database connection. */
    busy: z.array(z.enum(['engine', 'database'])),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int(), upToDate: z.boolean() }),
  })
  .catchall(z.unknown());

export type HealthData = z.infer<typeof healthDataSchema>;

export const healthyResponseSchema = z.object({ success: z.literal(true), data: healthDataSchema });
export const degradedResponseSchema = z.object({ success: z.literal(false), data: healthDataSchema });
