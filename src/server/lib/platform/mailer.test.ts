import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { isLocalUrl } from './mailer.ts';

// With no SMTP_URL the e-mail goes to the outbox table, and a person starting the app on their own machine
// finds the link in the console; a server with a public URL never writes a reset link to its log.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function sendResetMail(publicUrl: string): Promise<{ lines: string[]; stored: number }> {
  const lines: string[] = [];
  t = await createTestApp({
    env: { PUBLIC_URL: publicUrl, LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
  });
  await t.app.deps.mailer.sendMail({
    to: 'ada@example.test',
    subject: 'Reset your password',
    text: `Open ${publicUrl}/auth/reset-password?token=secret-token-123 to choose a new password.`,
  });
  const rows = await t.db.db.query.emailOutbox.findMany();
  return { lines: lines.filter((l) => l.includes('ada@example.test')), stored: rows.length };
}

describe('mailer without SMTP', () => {
  it('prints the link on a local start', async () => {
    const { lines, stored } = await sendResetMail('http://localhost:4123');
    expect(stored).toBe(1);
    expect(lines.join('\n')).toContain('DEV E-MAIL');
    expect(lines.join('\n')).toContain('http://localhost:4123/auth/reset-password?token=secret-token-123');
  });

  it('never logs the link when the public URL is not this machine', async () => {
    const { lines, stored } = await sendResetMail('https://unbuilt.example');
    expect(stored).toBe(1);
    expect(lines.join('\n')).toContain('e-mail not delivered');
    expect(lines.join('\n')).not.toContain('secret-token-123');
  });

  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1:5173', true],
    ['http://app.localhost', true],
    ['https://unbuilt.example', false],
    ['http://localhost.evil.example', false],
  ])('%s is local: %s', (url, expected) => {
    expect(isLocalUrl(url)).toBe(expected);
  });
});
