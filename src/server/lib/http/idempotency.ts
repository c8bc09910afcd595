import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { HOUR_MS } from '#shared/app/time.constants.ts';
import { IDEMPOTENCY_WINDOW_HOURS } from '#shared/api-keys/api-keys.schemas.ts';
import type { Database } from '../../db/client.ts';
import { apiIdempotency } from '../../db/schema/index.ts';
import { AppError } from '../platform/app-error.ts';

// `Idempotency-Key` on POST /api/v1 (docs/decisions/016). The key is claimed by inserting its row
// before the work starts: one request wins the insert and does the work; a concurrent or later
// repeat (same key, same request, within 24 hours) waits for that row and answers its stored
// response. The same key with a different request is a 409. A failed attempt gives the key back.

const WAIT_STEP_MS = 100;
const WAIT_LIMIT_MS = 20_000;

export type Replay = { statusCode: number; body: unknown };

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path} ${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

export async function withIdempotency(options: {
  db: Database;
  apiKeyId: number;
  key: string | undefined;
  fingerprint: string;
  now: () => Date;
  work: () => Promise<Replay>;
}): Promise<Replay & { replayed: boolean }> {
  const { db, apiKeyId, key, fingerprint, now, work } = options;
  if (key === undefined) return { ...(await work()), replayed: false };
  if (key.length === 0 || key.length > 255) {
    throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', {
      'idempotency-key': 'Use between 1 and 255 characters',
    });
  }
  const where = and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, key));
  for (let attempt = 0; attempt < 2; attempt++) {
    const [claimed] = await db
      .insert(apiIdempotency)
      .values({ apiKeyId, idempotencyKey: key, requestHash: fingerprint, createdAt: now() })
      .onConflictDoNothing()
      .returning({ id: apiIdempotency.id });
    if (claimed) {
      try {
        const result = await work();
        await db
          .update(apiIdempotency)
          .set({ statusCode: result.statusCode, response: result.body })
          .where(eq(apiIdempotency.id, claimed.id));
        return { ...result, replayed: false };
      } catch (error) {
        await db.delete(apiIdempotency).where(eq(apiIdempotency.id, claimed.id));
        throw error;
      }
    }
    const started = Date.now();
    for (;;) {
      const [row] = await db.select().from(apiIdempotency).where(where);
      if (!row) break; // the first attempt failed and gave the key back: claim it now
      if (now().getTime() - row.createdAt.getTime() > IDEMPOTENCY_WINDOW_HOURS * HOUR_MS) {
        await db.delete(apiIdempotency).where(eq(apiIdempotency.id, row.id));
        break;
      }
      if (row.requestHash !== fingerprint) {
        throw new AppError('CONFLICT', 'This Idempotency-Key was used for a different request.');
      }
      if (row.statusCode !== null) return { statusCode: row.statusCode, body: row.response, replayed: true };
      if (Date.now() - started > WAIT_LIMIT_MS) {
        throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }
  throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
}
