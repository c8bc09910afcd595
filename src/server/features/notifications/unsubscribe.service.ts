import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ACCOUNT_PREFERENCES } from '#shared/account/preferences.schemas.ts';
import type { Database } from '../../db/client.ts';
import { userPreferences, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import { userOfUnsubscribeToken } from './unsubscribe-token.service.ts';

// Unsubscribing from notification e-mails with the link alone, no sign-in (ADR 027): the signed
// token names the account; the effect is the preference `frequency: never` (in-app notifications
// continue). Repeating it is harmless.

const INVALID_LINK =
  'This unsubscribe link is not valid: it may have been changed or cut short. Copy the whole link from the e-mail, or sign in and change your e-mail settings under Settings.';

/** `bea@example.com` → `b••@example.com`: enough to recognise, not enough to harvest. */
function masked(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(2, Math.min(local.length - 1, 6)))}@${domain}`;
}

export async function unsubscribe(options: {
  db: Database;
  clock: Clock;
  secret: string;
  token: string;
}): Promise<{ email: string; frequency: 'never' }> {
  const { db, clock, secret, token } = options;
  const userId = userOfUnsubscribeToken(token, secret);
  if (userId === null) throw new AppError('BAD_REQUEST', INVALID_LINK, { token: 'Invalid or altered link' });
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists, so it gets no e-mail from us.');
  // One upsert: only the frequency changes, whatever else the stored preferences hold.
  const now = clock.now();
  await db
    .insert(userPreferences)
    .values({
      userId,
      notificationPreferences: { ...DEFAULT_ACCOUNT_PREFERENCES.notificationPreferences, frequency: 'never' },
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: {
        notificationPreferences: sql`jsonb_set(${userPreferences.notificationPreferences}, '{frequency}', '"never"')`,
        updatedAt: now,
      },
    });
  return { email: masked(user.email), frequency: 'never' };
}
