// What the request thread tells the health worker (docs/decisions/043), in a SharedArrayBuffer both
// threads read without messages: a message would wait in the worker's queue behind nothing, but
// one from a blocked request thread is never sent, and that silence is what the worker must see.
// Times are `performance.timeOrigin + performance.now()` (milliseconds; each thread's own origin,
// one clock), so a wall-clock step does not read as a stall.

const SLOTS = {
  /** When the request thread's event loop last ran its heartbeat. */
  heartbeatAt: 0,
  /** When the database last answered the request thread (0: not since it opened). */
  databaseAnsweredAt: 1,
  flags: 2,
  migrationsApplied: 3,
  migrationsExpected: 4,
} as const;

export const FLAGS = {
  /** Migrations were read once (they stay applied for this build). */
  migrationsKnown: 1,
  /** PGlite is closed: the database is gone. */
  databaseClosed: 2,
  /** Every engine worker is taken. */
  engineSaturated: 4,
  /** Requests wait for a pooled PostgreSQL connection. */
  databaseWaiting: 8,
  /** The server is shutting down: a load balancer should stop routing here. */
  closing: 16,
} as const;

export type HealthSignals = {
  heartbeatAt: number;
  databaseAnsweredAt: number;
  flags: number;
  migrations: { applied: number; expected: number; upToDate: boolean } | null;
};

export const clockNow = (): number => performance.timeOrigin + performance.now();

export function createSignalBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT * 5);
}

export function writeSignals(buffer: SharedArrayBuffer, signals: HealthSignals): void {
  const view = new BigInt64Array(buffer);
  const flags = signals.flags | (signals.migrations ? FLAGS.migrationsKnown : 0);
  Atomics.store(view, SLOTS.databaseAnsweredAt, BigInt(Math.max(0, Math.round(signals.databaseAnsweredAt))));
  Atomics.store(view, SLOTS.flags, BigInt(flags));
  Atomics.store(view, SLOTS.migrationsApplied, BigInt(signals.migrations?.applied ?? 0));
  Atomics.store(view, SLOTS.migrationsExpected, BigInt(signals.migrations?.expected ?? 0));
  // Last: a reader that sees this beat sees the state written with it.
  Atomics.store(view, SLOTS.heartbeatAt, BigInt(Math.round(signals.heartbeatAt)));
}

/** The database answered the request thread just now (written as it happens, between heartbeats). */
export function writeDatabaseAnswered(buffer: SharedArrayBuffer, at: number): void {
  Atomics.store(new BigInt64Array(buffer), SLOTS.databaseAnsweredAt, BigInt(Math.round(at)));
}

export function readSignals(buffer: SharedArrayBuffer): HealthSignals {
  const view = new BigInt64Array(buffer);
  const flags = Number(Atomics.load(view, SLOTS.flags));
  const applied = Number(Atomics.load(view, SLOTS.migrationsApplied));
  const expected = Number(Atomics.load(view, SLOTS.migrationsExpected));
  return {
    heartbeatAt: Number(Atomics.load(view, SLOTS.heartbeatAt)),
    databaseAnsweredAt: Number(Atomics.load(view, SLOTS.databaseAnsweredAt)),
    flags,
    migrations: flags & FLAGS.migrationsKnown ? { applied, expected, upToDate: applied >= expected } : null,
  };
}

/** What the health worker is started with. */
export type HealthWorkerData = {
  buffer: SharedArrayBuffer;
  kind: 'pglite' | 'postgres';
  host: string;
  port: number;
  /** PostgreSQL: the worker's own connection (one, kept open). */
  databaseUrl?: string;
  /** A probe of that connection answers within this, or the database reads as down. */
  probeMs: number;
};

export type FromHealthWorker = { type: 'listening'; port: number } | { type: 'failed'; message: string };
export type ToHealthWorker = { type: 'close' };
