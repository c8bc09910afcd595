import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

// One small mailer for every feature: nodemailer over SMTP_URL, or — with no SMTP_URL — a row in the
// email_outbox table plus one log line. On a local start (the public URL is localhost) that line names the
// e-mail's first link, so a password reset works on a laptop with nothing configured; on a public URL it never
// does (a reset link in a server log would let whoever reads the log take over the account).

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (e.g. List-Unsubscribe, RFC 8058); the outbox does not keep them. */
  headers?: Record<string, string>;
};
export type Mailer = { sendMail: (message: MailMessage) => Promise<void> };

declare module '../../app.ts' {
  interface AppOverrides {
    /** Replaces the mailer (prefer a real smtp-server peer via SMTP_URL in tests). */
    mailer?: Mailer;
  }
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  publicUrl: string;
  db: Database;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, publicUrl, db, log } = options;
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      sendMail: async ({ to, subject, text, html, headers }) => {
        await transport.sendMail({
          from,
          to,
          subject,
          text,
          ...(html ? { html } : {}),
          ...(headers ? { headers } : {}),
        });
      },
    };
  }
  return {
    sendMail: async ({ to, subject, text, html }) => {
      await db.insert(emailOutbox).values({ toAddress: to, subject, text, html: html ?? null });
      if (!isLocalUrl(publicUrl)) {
        log.warn({ mailTo: to, subject }, 'e-mail not delivered: no SMTP_URL configured (kept in the outbox table)');
        return;
      }
      const link = /https?:\/\/\S+/.exec(text)?.[0];
      log.info(
        { mailTo: to, subject, link },
        `DEV E-MAIL (no SMTP_URL, local start) to ${to}: ${subject}${link ? ` — open ${link}` : ''}`,
      );
    },
  };
}

/** Whether the app's public URL is this machine (a local start), where printing e-mail links is safe. */
export function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
  } catch {
    return false;
  }
}
