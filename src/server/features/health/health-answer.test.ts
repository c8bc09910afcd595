import { describe, expect, it } from 'vitest';
import { degradedResponseSchema, healthyResponseSchema } from '#shared/api/health.schemas.ts';
import { BUSY_AFTER_MS, healthAnswer, STALLED_AFTER_MS } from './health-answer.logic.ts';
import { createSignalBuffer, FLAGS, readSignals, writeSignals, type HealthSignals } from './health-signals.logic.ts';

// The health port's answer from the request thread's signals: "busy" (alive, 200) apart from "down"
// (503), in the envelope and shape of GET /api/health.

const NOW = 1_000_000;
const upToDate = { applied: 40, expected: 40, upToDate: true };
const fresh: HealthSignals = { heartbeatAt: NOW - 50, databaseAnsweredAt: NOW - 20, flags: 0, migrations: upToDate };

describe('the health port’s answer', () => {
  it('is 200 "ok" with a fresh heartbeat and the database answering', () => {
    const answer = healthAnswer({ kind: 'postgres', signals: fresh, now: NOW, reachable: true });
    expect(answer.statusCode).toBe(200);
    expect(healthyResponseSchema.parse(answer.body).data).toEqual({
      status: 'ok',
      busy: [],
      database: { kind: 'postgres', reachable: true },
      migrations: upToDate,
      requestThread: { heartbeatAgeMs: 50, closing: false },
    });
  });

  it('is 200 "busy" when the request thread is late, the engine full or connections awaited: keep routing here', () => {
    const late = {
      ...fresh,
      heartbeatAt: NOW - BUSY_AFTER_MS - 1,
      flags: FLAGS.engineSaturated | FLAGS.databaseWaiting,
    };
    const answer = healthAnswer({ kind: 'pglite', signals: late, now: NOW, reachable: true });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'busy', busy: ['event-loop', 'engine', 'database'] });
    const onTime = healthAnswer({
      kind: 'pglite',
      signals: { ...fresh, heartbeatAt: NOW - BUSY_AFTER_MS },
      now: NOW,
      reachable: true,
    });
    expect(onTime.body.data.status).toBe('ok');
  });

  it('is 503 "degraded" when the database does not answer, even while busy', () => {
    const late = { ...fresh, heartbeatAt: NOW - 5_000 };
    const answer = healthAnswer({ kind: 'postgres', signals: late, now: NOW, reachable: false });
    expect(answer.statusCode).toBe(503);
    expect(degradedResponseSchema.parse(answer.body).data).toMatchObject({
      status: 'degraded',
      busy: ['event-loop'],
      database: { kind: 'postgres', reachable: false },
      migrations: { upToDate: false },
    });
  });

  it('is 503 when migrations were never read, the server is closing, or the request thread is hung', () => {
    const cases: HealthSignals[] = [
      { ...fresh, migrations: null },
      { ...fresh, flags: FLAGS.closing },
      { ...fresh, heartbeatAt: NOW - STALLED_AFTER_MS - 1 },
    ];
    for (const signals of cases) {
      const answer = healthAnswer({ kind: 'pglite', signals, now: NOW, reachable: true });
      expect(answer.statusCode).toBe(503);
      expect(answer.body).toMatchObject({ success: false, data: { status: 'degraded' } });
    }
  });
});

describe('the shared signals', () => {
  it('read back what was written, migrations known only once written', () => {
    const buffer = createSignalBuffer();
    expect(readSignals(buffer).migrations).toBeNull();
    writeSignals(buffer, { ...fresh, flags: FLAGS.databaseClosed });
    expect(readSignals(buffer)).toEqual({ ...fresh, flags: FLAGS.databaseClosed | FLAGS.migrationsKnown });
  });
});
