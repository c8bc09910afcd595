import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';

// One small mailer for every feature: nodemailer over SMTP_URL, or — with no SMTP_URL — a row in the
// email_outbox table plus one log line naming the first link, so e-mail flows work on a laptop.

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { sendMail: (message: MailMessage) => Promise<void> };

declare module '../app.ts' {
  interface AppOverrides {
    /** Replaces the mailer (prefer a real smtp-server peer via SMTP_URL in tests). */
    mailer?: Mailer;
  }
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      sendMail: async ({ to, subject, text, html }) => {
        await transport.sendMail({ from, to, subject, text, ...(html ? { html } : {}) });
      },
    };
  }
  return {
    sendMail: async ({ to, subject, text, html }) => {
      await db.insert(emailOutbox).values({ toAddress: to, subject, text, html: html ?? null });
      const link = /https?:\/\/\S+/.exec(text)?.[0];
      log.info({ mailTo: to, subject, link }, 'e-mail written to the outbox (no SMTP_URL configured)');
    },
  };
}
