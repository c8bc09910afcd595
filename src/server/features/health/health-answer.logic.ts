import type { HealthData } from '#shared/api/health.schemas.ts';
import { FLAGS, type HealthSignals } from './health-signals.logic.ts';

// The health port's answer (docs/decisions/043), from what the request thread last wrote and whether
// the database answers: the same envelope and shape as GET /api/health on the main port.
//   503 "degraded" — down: the database does not answer, migrations are missing, the server is
//                    shutting down, or the request thread has not turned for STALLED_AFTER_MS (hung).
//   200 "busy"     — alive and working at capacity: the request thread is late (BUSY_AFTER_MS), every
//                    engine worker is taken, or requests wait for a PostgreSQL connection.
//   200 "ok"       — otherwise.

/** How often the request thread writes its heartbeat. */
export const HEARTBEAT_EVERY_MS = 100;
/** A heartbeat older than this: the request thread is busy (still answering, late). */
export const BUSY_AFTER_MS = 1_000;
/** A heartbeat older than this: the request thread is hung, and the instance is down. */
export const STALLED_AFTER_MS = 30_000;

const UNKNOWN_MIGRATIONS: HealthData['migrations'] = { applied: 0, expected: 0, upToDate: false };

export type HealthAnswer = { statusCode: 200 | 503; body: { success: boolean; data: HealthData } };

export function healthAnswer(input: {
  kind: HealthData['database']['kind'];
  signals: HealthSignals;
  now: number;
  reachable: boolean;
}): HealthAnswer {
  const { signals, reachable } = input;
  const heartbeatAgeMs = Math.max(0, Math.round(input.now - signals.heartbeatAt));
  const closing = (signals.flags & FLAGS.closing) !== 0;
  const migrations = reachable ? (signals.migrations ?? UNKNOWN_MIGRATIONS) : UNKNOWN_MIGRATIONS;
  const busy: HealthData['busy'] = [];
  if (heartbeatAgeMs > BUSY_AFTER_MS) busy.push('event-loop');
  if (signals.flags & FLAGS.engineSaturated) busy.push('engine');
  if (signals.flags & FLAGS.databaseWaiting) busy.push('database');
  const up = reachable && migrations.upToDate && !closing && heartbeatAgeMs <= STALLED_AFTER_MS;
  const data: HealthData = {
    status: !up ? 'degraded' : busy.length > 0 ? 'busy' : 'ok',
    busy,
    database: { kind: input.kind, reachable },
    migrations,
    requestThread: { heartbeatAgeMs, closing },
  };
  return { statusCode: up ? 200 : 503, body: { success: up, data } };
}
