import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// E-mails written instead of sent when no SMTP_URL is configured, so flows that need a mail (password
// reset) work on a laptop. Holds the message as the recipient would see it.
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('email_outbox_to_idx').on(t.toAddress, t.id)],
);
