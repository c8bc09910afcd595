import type { ContactRequest } from '#shared/billing/billing.schemas.ts';
import type { Database } from '../../db/client.ts';
import { contactRequests } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mailer.ts';

/**
 * Stores an enterprise sales enquiry and e-mails it to the sales address through the app's mailer.
 * One transaction: if the mail cannot be handed over, nothing is stored and the visitor can retry.
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
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    return { id: row.id };
  });
}
