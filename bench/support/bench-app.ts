import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/client.ts';
import { parseEnv, type Env } from '../../src/server/env.ts';
import { issueRefreshToken } from '../../src/server/features/auth/refresh-token.service.ts';

// What every bench app shares: how it is configured, and how a bench user signs in.

/**
 * Production mode, silent logs and no sentence model (it would index the corpus for minutes and compete
 * for the CPU with what is measured), plus the bench's own settings.
 */
export function benchEnv(dataDir: string, extra: Record<string, string | undefined> = {}): Env {
  return parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    SEMANTIC_SEARCH: 'false',
    ...extra,
  });
}

/** An Authorization header for a user: a new session family and an access token signed now. */
export async function bearerFor(
  app: FastifyInstance,
  db: Database,
  userId: number,
): Promise<{ authorization: string }> {
  const now = new Date();
  const meta = { ip: '127.0.0.1', userAgent: 'bench', requestId: 'bench' };
  const { familyId } = await issueRefreshToken({ db, meta, userId, now });
  return { authorization: `Bearer ${await app.deps.jwt.signAccessToken({ userId, familyId }, now)}` };
}
