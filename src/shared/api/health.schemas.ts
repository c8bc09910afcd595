import { z } from 'zod';

// GET /api/health: database reachability, migrations, load, and the reports features add (engine,
// payments). "busy" is still healthy (200): the instance answers, but analyses wait for a worker,
// requests for a PostgreSQL connection, or (on the health port) the request thread is slow to turn;
// only "degraded" (503) means a load balancer should stop routing to it. The health port
// (HEALTH_PORT, docs/decisions/043) answers the same shape from a thread of its own, with `requestThread`.
export const healthDataSchema = z
  .object({
    status: z.enum(['ok', 'busy', 'degraded']),
    /**
     * What is at capacity: every engine worker is taken, requests wait for a pooled database
     * connection, or the request thread's event loop has not turned for over a second (health port only).
     */
    busy: z.array(z.enum(['engine', 'database', 'event-loop'])),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int(), upToDate: z.boolean() }),
    /** Health port only: how long ago the request thread's heartbeat ran, and whether the server is shutting down. */
    requestThread: z.object({ heartbeatAgeMs: z.number().int(), closing: z.boolean() }).optional(),
  })
  .catchall(z.unknown());

export type HealthData = z.infer<typeof healthDataSchema>;

export const healthyResponseSchema = z.object({ success: z.literal(true), data: healthDataSchema });
export const degradedResponseSchema = z.object({ success: z.literal(false), data: healthDataSchema });
