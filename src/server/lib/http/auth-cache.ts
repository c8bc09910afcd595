import pg from 'pg';
import type { DatabaseHandle } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';

// What the auth guard read for (user, session family), kept for a few seconds so a burst of reads by
// one signed-in user costs one database round trip each instead of two. Safe because it is never
// stale once the database has changed: a trigger (migration 0028) announces every change to a user
// row or a session family on the channel unbuilt_auth, after commit, to every instance, and each
// drops that user's entries. While this instance is not listening (starting, connection lost) the
// cache is off and every request reads the database. An entry never outlives its family's last
// live member, nor its TTL.

export const AUTH_CHANGE_CHANNEL = 'unbuilt_auth';

export type AuthRecord = { user: UserRow; familyLive: boolean; familyLiveUntilMs: number | null };

type Entry = AuthRecord & { userId: number; validUntilMs: number };

export type AuthCache = {
  /** A record still valid at `nowMs`, or undefined. */
  get: (userId: number, familyId: string, nowMs: number) => AuthRecord | undefined;
  /** Call before reading the database; pass what it returns to `set`. */
  ticket: () => number;
  /** Keeps a record read after `ticket`, unless a change was announced meanwhile. */
  set: (ticket: number, userId: number, familyId: string, record: AuthRecord, nowMs: number) => void;
  /** Drops a user's entries (a change was announced). */
  evictUser: (userId: number) => void;
  /** Whether entries are kept (listening for changes, TTL above 0). */
  isActive: () => boolean;
  close: () => Promise<void>;
};

const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;

export function createAuthCache(options: { ttlMs: number }): AuthCache & {
  /** Listening started (true) or was lost (false): off clears everything. */
  setListening: (listening: boolean) => void;
} {
  const entries = new Map<string, Entry>();
  let listening = false;
  // A read keeps what it read only if nothing announced about ITS user since its ticket: every
  // search updates its user's row (the quota count), and one counter for all users meant that under
  // searches almost no guard read was kept (docs/decisions/051). `floor` refuses every older ticket
  // (listening changed, or the per-user memory was cleared to stay bounded).
  let counter = 0;
  let floor = 0;
  const announcedAt = new Map<number, number>();
  const keyOf = (userId: number, familyId: string) => `${userId}:${familyId}`;
  const evictUser = (userId: number) => {
    counter++;
    announcedAt.delete(userId);
    announcedAt.set(userId, counter);
    if (announcedAt.size > MAX_ENTRIES) {
      announcedAt.clear();
      floor = counter;
    }
    for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
  };
  return {
    get: (userId, familyId, nowMs) => {
      if (!listening) return undefined;
      const key = keyOf(userId, familyId);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.validUntilMs <= nowMs) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    ticket: () => counter,
    set: (ticket, userId, familyId, record, nowMs) => {
      // A change to this user announced while the database was being read may not be in what was read.
      if (!listening || options.ttlMs <= 0 || ticket < floor || (announcedAt.get(userId) ?? -1) > ticket) return;
      const validUntilMs = Math.min(nowMs + options.ttlMs, record.familyLiveUntilMs ?? Number.POSITIVE_INFINITY);
      if (validUntilMs <= nowMs) return;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(keyOf(userId, familyId), { ...record, userId, validUntilMs });
    },
    evictUser,
    isActive: () => listening && options.ttlMs > 0,
    setListening: (value) => {
      counter++;
      floor = counter;
      announcedAt.clear();
      entries.clear();
      listening = value;
    },
    close: async () => {
      listening = false;
      entries.clear();
    },
  };
}

function onAnnouncement(cache: { evictUser: (userId: number) => void }, payload: string | undefined) {
  const userId = Number(payload);
  if (Number.isSafeInteger(userId)) cache.evictUser(userId);
}

/** The auth cache, listening for changes on the app's database (off when ttlMs is 0). */
export async function startAuthCache(database: DatabaseHandle, ttlMs: number): Promise<AuthCache> {
  const cache = createAuthCache({ ttlMs });
  if (ttlMs <= 0) return cache;

  if (database.pglite) {
    // One process owns a PGlite folder: notifications arrive before the writing query returns.
    const unlisten = await database.pglite.listen(AUTH_CHANGE_CHANNEL, (payload) => onAnnouncement(cache, payload));
    cache.setListening(true);
    let isClosed = false;
    // A PGlite worker that stopped may have committed a change whose notification it never sent:
    // what was cached before is dropped when its replacement serves (docs/decisions/067).
    database.onRestarted?.(() => {
      if (!isClosed) cache.setListening(true);
    });
    return {
      ...cache,
      close: async () => {
        isClosed = true;
        await cache.close();
        await unlisten().catch(() => undefined);
      },
    };
  }

  const pool = database.pool;
  if (!pool) return cache;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const connect = async () => {
    timer = null;
    if (closed) return;
    const next = new pg.Client(pool.options);
    let isLost = false;
    const lost = () => {
      if (isLost) return;
      isLost = true;
      cache.setListening(false);
      if (client === next) client = null;
      next.end().catch(() => undefined);
      if (!closed && !timer) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => onAnnouncement(cache, message.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_CHANGE_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      cache.setListening(true);
    } catch {
      lost();
    }
  };
  await connect();
  return {
    ...cache,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await cache.close();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}
