import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { readNotificationPreferences, type NotificationFrequency } from '#shared/account/preferences.schemas.ts';
import { notificationHref, UNSUBSCRIBE_PATH } from '#shared/notifications/notification-links.ts';
import { CATEGORY_OF_KIND, type NotificationDto } from '#shared/notifications/notifications.schemas.ts';
import type { Database } from '../../db/client.ts';
import { notifications, userPreferences, users, type NotificationRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import type { Mailer } from '../../lib/platform/mailer.ts';
import { subjectOwnersOf, toNotificationDto } from './notifications.service.ts';
import { unsubscribeToken } from './unsubscribe-token.service.ts';

// Notification e-mails (ADR 027), sent by jobs, never inside a request. Each user's frequency
// decides which pending notifications are due: 'immediate' all of them, a digest those created
// before the current period began (day, ISO week from Monday 00:00 UTC, month), 'never' none (they
// are skipped). Due rows are claimed by one conditional UPDATE (pending → sending), so two
// overlapping runs never mail the same notification; a failed send gives them back.

type Deps = { db: Database; clock: Clock; mailer: Mailer; publicUrl: string; secret: string };

/** A claim older than this belongs to a run that died: its rows go back to pending. */
const STALE_CLAIM_MS = 15 * 60 * 1000;

/** The moment before which a notification is due for this frequency (exclusive). */
export function dueBefore(frequency: NotificationFrequency, now: Date): Date {
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (frequency) {
    case 'immediate':
    case 'never':
      return new Date(now.getTime() + 1);
    case 'daily':
      return new Date(dayStart);
    case 'weekly':
      // getUTCDay: Sunday 0 … Saturday 6; the week starts on Monday.
      return new Date(dayStart - ((now.getUTCDay() + 6) % 7) * DAY_MS);
    case 'monthly':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }
}

const SUBJECT_PERIOD: Record<Exclude<NotificationFrequency, 'immediate' | 'never'>, string> = {
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
};

function composeMail(options: {
  frequency: NotificationFrequency;
  items: NotificationDto[];
  publicUrl: string;
  unsubscribeUrl: string;
}) {
  const { frequency, items, publicUrl, unsubscribeUrl } = options;
  const link = (item: NotificationDto) => new URL(notificationHref(item.target), publicUrl).toString();
  const settings = new URL('/account', publicUrl).toString();
  const count = `${String(items.length)} new notification${items.length === 1 ? '' : 's'}`;
  const subject =
    frequency === 'immediate' || frequency === 'never'
      ? items.length === 1 && items[0]
        ? items[0].summary
        : `${count} on Unbuilt`
      : `Your ${SUBJECT_PERIOD[frequency]} Unbuilt summary: ${count}`;
  const lines = items.flatMap((item) => [
    `- ${item.summary}`,
    ...(item.excerpt ? [`  “${item.excerpt}”`] : []),
    `  ${link(item)}`,
    '',
  ]);
  const text = [
    frequency === 'immediate' ? 'Here is what happened on Unbuilt:' : `Your ${count} on Unbuilt:`,
    '',
    ...lines,
    `Change how often we e-mail you, or which notifications: ${settings}`,
    `Unsubscribe from notification e-mails (no sign-in needed): ${unsubscribeUrl}`,
  ].join('\n');
  return { subject, text };
}

/** Rows of runs that died mid-send go back to pending. */
async function releaseStaleClaims(db: Database, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ emailStatus: 'pending', emailedAt: null })
    .where(
      and(
        eq(notifications.emailStatus, 'sending'),
        lt(notifications.emailedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
      ),
    );
}

/**
 * Claims a user's due notifications for this run in one statement. The rows are locked in id order
 * (no SKIP LOCKED): an overlapping run waits on the first row, then finds them all claimed, so a
 * user's due notifications go out in one mail, never split between two runs or sent twice.
 */
async function claimDue(db: Database, userId: number, before: Date, now: Date): Promise<NotificationRow[]> {
  const due = sql`(select ${notifications.id} from ${notifications}
    where ${notifications.userId} = ${userId} and ${notifications.emailStatus} = 'pending'
      and ${notifications.createdAt} < ${before.toISOString()}::timestamptz
    order by ${notifications.id}
    for update)`;
  return db
    .update(notifications)
    .set({ emailStatus: 'sending', emailedAt: now })
    .where(and(inArray(notifications.id, due), eq(notifications.emailStatus, 'pending')))
    .returning();
}

async function settle(
  db: Database,
  ids: number[],
  status: 'sent' | 'skipped' | 'pending',
  batch: string | null,
  now: Date,
) {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ emailStatus: status, emailedAt: status === 'pending' ? null : now, emailBatch: batch })
    .where(and(inArray(notifications.id, ids), eq(notifications.emailStatus, 'sending')));
}

/**
 * One run of a mail job: for every user with pending notifications whose frequency is one of
 * `frequencies`, mails what is due in one message. Returns how many e-mails went out.
 */
export async function sendNotificationMails(
  options: Deps & { frequencies: readonly NotificationFrequency[] },
): Promise<number> {
  const { db, clock, mailer, publicUrl, secret, frequencies } = options;
  const now = clock.now();
  await releaseStaleClaims(db, now);
  const pending = await db
    .selectDistinct({
      userId: notifications.userId,
      email: users.email,
      stored: userPreferences.notificationPreferences,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(userPreferences, eq(userPreferences.userId, notifications.userId))
    .where(eq(notifications.emailStatus, 'pending'));
  let mailed = 0;
  let failure: unknown = null;
  for (const recipient of pending) {
    const preferences = readNotificationPreferences(recipient.stored);
    if (!frequencies.includes(preferences.frequency)) continue;
    const claimed = await claimDue(db, recipient.userId, dueBefore(preferences.frequency, now), now);
    if (claimed.length === 0) continue;
    const wantsCategory = (row: NotificationRow) =>
      preferences.categories.length === 0 || preferences.categories.includes(CATEGORY_OF_KIND[row.kind]);
    const wanted = claimed.filter((r) => preferences.frequency !== 'never' && r.readAt === null && wantsCategory(r));
    const skipped = claimed.filter((r) => !wanted.includes(r)).map((r) => r.id);
    await settle(db, skipped, 'skipped', null, now);
    if (wanted.length === 0) continue;
    const ownerOf = await subjectOwnersOf(
      db,
      wanted.map((r) => r.id),
    );
    const items = wanted
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map((row) => toNotificationDto({ row, actor: null, ownerId: ownerOf.get(row.id) ?? null }, recipient.userId));
    const token = unsubscribeToken(recipient.userId, secret);
    const unsubscribeUrl = new URL(`${UNSUBSCRIBE_PATH}#token=${token}`, publicUrl).toString();
    const oneClickUrl = new URL(`/api/notifications/unsubscribe/one-click?token=${token}`, publicUrl).toString();
    const { subject, text } = composeMail({ frequency: preferences.frequency, items, publicUrl, unsubscribeUrl });
    try {
      await mailer.sendMail({
        to: recipient.email,
        subject,
        text,
        headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (error) {
      // Given back for the job's retry; the other recipients still get theirs in this run.
      await settle(
        db,
        wanted.map((r) => r.id),
        'pending',
        null,
        now,
      );
      failure ??= error;
      continue;
    }
    await settle(
      db,
      wanted.map((r) => r.id),
      'sent',
      preferences.frequency,
      now,
    );
    mailed += 1;
  }
  if (failure !== null) throw failure;
  return mailed;
}
