import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 for tests: collects each message's envelope and raw source.

export type ReceivedMail = { to: string[]; raw: string };

export async function startSmtpPeer(): Promise<{
  url: string;
  received: ReceivedMail[];
  waitFor: (to: string) => Promise<ReceivedMail>;
  /**
   * Waits for a mail to `to` (whose decoded text matches `pattern`, if given), removes it from
   * `received` (so later waits see only newer mail) and returns its decoded text.
   */
  take: (to: string, pattern?: RegExp) => Promise<string>;
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  async function waitFor(to: string, pattern?: RegExp): Promise<ReceivedMail> {
    for (let i = 0; i < 200; i++) {
      const mail = received.findLast((m) => m.to.includes(to) && (!pattern || pattern.test(decodedMail(m.raw))));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail for ${to}`);
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: (to) => waitFor(to),
    take: async (to, pattern) => {
      const mail = await waitFor(to, pattern);
      received.splice(received.indexOf(mail), 1);
      return decodedMail(mail.raw);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw message with quoted-printable soft breaks and '=' escapes undone. */
export function decodedMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** The reset token from a mail's link. */
export function resetTokenFrom(raw: string): string {
  const body = decodedMail(raw);
  const match = /reset-password#token=([A-Za-z0-9_-]+)/.exec(body);
  if (!match?.[1]) throw new Error('no reset link in mail');
  return match[1];
}
