import { desc, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '#shared/auth/auth.schemas.ts';
import { isCommonPassword } from '#shared/auth/password-strength.ts';
import type { Database } from '../../db/client.ts';
import { passwordHistory } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { verifyPassword } from '../../lib/platform/password-hash.ts';

/** How many of the latest passwords (the current one included) cannot be chosen again. */
const PASSWORD_HISTORY_DEPTH = 5;

export function assertPasswordAllowed(password: string, field: string): void {
  if (isCommonPassword(password))
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.commonPassword, { [field]: AUTH_MESSAGES.commonPassword });
}

export async function assertNotRecentlyUsed(options: {
  db: Database;
  userId: number;
  password: string;
  field: string;
}): Promise<void> {
  const { db, userId, password, field } = options;
  const recent = await db
    .select({ passwordHash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(PASSWORD_HISTORY_DEPTH);
  for (const { passwordHash } of recent) {
    if (await verifyPassword(passwordHash, password)) {
      throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.reusedPassword, { [field]: AUTH_MESSAGES.reusedPassword });
    }
  }
}
