// Which failures mean "the database cannot serve us now" (a 503 the client may retry), as opposed
// to a bug (a 500). Drizzle wraps driver errors (`cause`), so the whole chain is read.

/** Node socket errors a driver surfaces when the server is down, unreachable or drops us. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE classes and codes: 08 connection exception, 57P01–57P03 shutdown / cannot connect now,
 * 53300 too many connections, 57014 statement cancelled (our statement_timeout), 25P03 idle
 * transaction timeout.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014', '25P03'].includes(code);
}

/** node-postgres's own messages for a pool or query timeout and a connection that ended under us. */
const DRIVER_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
];

export type UnavailableKind = 'refused' | 'timeout' | 'dropped' | 'overloaded';

/** The kind of outage an error reveals, or null when it is not an availability failure. */
export function databaseUnavailableKind(error: unknown): UnavailableKind | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current !== 'object') return null;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH')
        return 'refused';
      if (code === 'ETIMEDOUT' || code === '57014' || code === '25P03') return 'timeout';
      if (SOCKET_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) return 'dropped';
      if (code === '53300') return 'overloaded';
      if (isUnavailableSqlState(code)) return 'dropped';
    }
    if (typeof message === 'string') {
      if (/timeout/i.test(message) && DRIVER_MESSAGES.some((re) => re.test(message))) return 'timeout';
      if (DRIVER_MESSAGES.some((re) => re.test(message))) return 'dropped';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * One log line per outage kind per interval, not one stack per request: returns true when this
 * occurrence should be logged (with a count of the ones suppressed since the last line).
 */
export function createOutageLogThrottle(intervalMs: number, now: () => number = Date.now) {
  const last = new Map<UnavailableKind, { at: number; suppressed: number }>();
  return (kind: UnavailableKind): { log: boolean; suppressed: number } => {
    const entry = last.get(kind);
    const t = now();
    if (!entry || t - entry.at >= intervalMs) {
      last.set(kind, { at: t, suppressed: 0 });
      return { log: true, suppressed: entry?.suppressed ?? 0 };
    }
    entry.suppressed++;
    return { log: false, suppressed: entry.suppressed };
  };
}
