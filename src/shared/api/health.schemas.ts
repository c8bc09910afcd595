import { z } from 'zod';

// GET /api/health: database reachability, migrations, and the reports features add (engine, payments).
export const healthDataSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int(), upToDate: z.boolean() }),
  })
  .catchall(z.unknown());

export const healthyResponseSchema = z.object({ success: z.literal(true), data: healthDataSchema });
export const degradedResponseSchema = z.object({ success: z.literal(false), data: healthDataSchema });
