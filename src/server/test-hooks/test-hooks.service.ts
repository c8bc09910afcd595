import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailOutbox, users, type NewUserRow, type UserRow } from '../db/schema/index.ts';
import { notFound } from '../lib/platform/app-error.ts';

/** The latest outbox e-mail for an address, and how many it has received. */
export async function latestOutboxMail(options: { db: Database; to: string }) {
  const { db, to } = options;
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!mail) throw notFound('An e-mail for that address');
  const [total] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  return { to: mail.toAddress, subject: mail.subject, text: mail.text, html: mail.html, count: Number(total?.n ?? 0) };
}

/** A user row written directly (no password, no registration), for browser-test fixtures. */
export async function insertFixtureUser(options: { db: Database; values: NewUserRow }): Promise<UserRow> {
  const [user] = await options.db.insert(users).values(options.values).returning();
  if (!user) throw new Error('fixture user insert returned nothing');
  return user;
}
