import type { ContactRequest } from '#shared/billing/billing.schemas.ts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactRequests } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { Mailer } from '../../lib/platform/mailer.ts';

/**
 * Stores an enterprise sales enquiry and e-mails it to the sales address through the app's mailer.
 * If the mail cannot be handed over the row is removed again, so the visitor's retry is not a
 * duplicate. (Not one transaction: without SMTP_URL the mailer writes the outbox through the app's
 * own connection, which PGlite's single connection would make wait on this transaction forever.)
 */
export async function submitContactRequest(options: {
  db: Database;
  mailer: Mailer;
  salesEmail: string;
  request: ContactRequest;
  userId: number | null;
  ipAddress: string;
  now: Date;
}): Promise<{ id: number }> {
  const { db, mailer, salesEmail, request, userId, ipAddress, now } = options;
  const [row] = await db
    .insert(contactRequests)
    .values({
      userId,
      name: request.name,
      email: request.email.toLowerCase(),
      company: request.company ?? null,
      teamSize: request.teamSize ?? null,
      message: request.message,
      metadata: { ipAddress },
      createdAt: now,
    })
    .returning({ id: contactRequests.id });
  if (!row) throw new Error('contact request insert returned nothing');
  try {
    await mailer.sendMail({
      to: salesEmail,
      subject: `Enterprise enquiry #${row.id} from ${request.name}${request.company ? ` (${request.company})` : ''}`,
      text: [
        `Name: ${request.name}`,
        `E-mail: ${request.email}`,
        `Company: ${request.company ?? '—'}`,
        `Team size: ${request.teamSize ?? '—'}`,
        `Signed-in user id: ${userId ?? '—'}`,
        '',
        request.message,
      ].join('\n'),
    });
  } catch {
    await db.delete(contactRequests).where(eq(contactRequests.id, row.id));
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Your message could not be sent right now. Please try again in a few minutes.',
    );
  }
  return { id: row.id };
}
