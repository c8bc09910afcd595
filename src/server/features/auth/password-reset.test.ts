import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jwtTokens } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RESET_TOKEN_TTL_MS } from '#shared/auth/auth.schemas.ts';
import { decodedMail, resetTokenFrom, startSmtpPeer } from '../../test/smtp-peer.ts';
import { ORIGIN, login, outboxText, refresh, registerViaApi } from '../../test/auth-helpers.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.example.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const NEW_PASSWORD = 'Copper-Meadow-Signal-77';

function requestReset(email: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
}
function reset(token: string, password = NEW_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset',
    payload: { token, password, confirmPassword: password },
  });
}

describe('password reset by e-mail over SMTP', () => {
  it('answers known and unknown e-mails alike and mails only the known one', async () => {
    const reg = await registerViaApi(t, { readMail: smtp.take });
    const known = await requestReset(reg.email);
    const unknown = await requestReset('nobody-at-all@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const mail = await smtp.waitFor(reg.email);
    expect(mail.raw).toContain('Subject: Reset your Unbuilt password');
    expect(decodedMail(mail.raw)).toMatch(/http:\/\/app\.example\.test\/reset-password#token=[A-Za-z0-9_-]{43}/);
    expect(smtp.received.some((m) => m.to.includes('nobody-at-all@example.test'))).toBe(false);
    expect(await t.db.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('the link works once, then signs out every session; the new password works', async () => {
    const reg = await registerViaApi(t, { readMail: smtp.take });
    await requestReset(reg.email);
    const token = resetTokenFrom((await smtp.waitFor(reg.email)).raw);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    const again = await reset(token, 'Another-Fresh-Pass-99');
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors.token).toMatch(/invalid or has expired/);
    expect((await refresh(t, reg.cookie)).statusCode).toBe(401);
    const live = await t.db.db.select().from(jwtTokens).where(eq(jwtTokens.userId, reg.userId));
    expect(live.every((r) => r.isRevoked)).toBe(true);
    expect((await login(t, reg.email, reg.password)).statusCode).toBe(401);
    expect((await login(t, reg.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('concurrent uses of one link: exactly one succeeds', async () => {
    const reg = await registerViaApi(t, { readMail: smtp.take });
    await requestReset(reg.email);
    const token = resetTokenFrom((await smtp.waitFor(reg.email)).raw);
    const results = await Promise.all([reset(token), reset(token), reset(token)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('the link expires after 30 minutes', async () => {
    const reg = await registerViaApi(t, { readMail: smtp.take });
    await requestReset(reg.email);
    const token = resetTokenFrom((await smtp.waitFor(reg.email)).raw);
    t.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    expect((await reset(token)).statusCode).toBe(400);
    t.clock.set(null);
  });

  it('refuses the current password and a recent one; a refused password does not burn the link', async () => {
    const reg = await registerViaApi(t, { readMail: smtp.take });
    await requestReset(reg.email);
    const token = resetTokenFrom((await smtp.waitFor(reg.email)).raw);
    const same = await reset(token, reg.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors.password).toBe('Choose a password you have not used recently.');
    expect((await reset(token)).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('keeps the current session, revokes the others, and enforces a history of 5', async () => {
    const reg = await registerViaApi(t, { readMail: smtp.take });
    const other = await login(t, reg.email, reg.password);
    const otherCookie = String(other.headers['set-cookie']).match(/unbuilt_refresh=([^;]+)/)![1]!;
    const headers = { authorization: `Bearer ${reg.accessToken}` };
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/change',
        headers,
        payload: { currentPassword, newPassword, confirmPassword: newPassword },
      });

    expect((await change('Not-My-Password-1', 'Whatever-Else-2024')).statusCode).toBe(400);
    const passwords = [
      reg.password,
      'Amber-Falcon-Quarry-11',
      'Amber-Falcon-Quarry-12',
      'Amber-Falcon-Quarry-13',
      'Amber-Falcon-Quarry-14',
    ];
    for (let i = 1; i < passwords.length; i++) {
      const res = await change(passwords[i - 1]!, passwords[i]!);
      expect(res.statusCode).toBe(200);
    }
    expect((await refresh(t, otherCookie)).statusCode).toBe(401);
    expect((await refresh(t, reg.cookie)).statusCode).toBe(200);
    // The five latest (the first one included) are refused; a sixth, older one would be allowed.
    const reused = await change(passwords[4]!, passwords[0]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fieldErrors.newPassword).toBe('Choose a password you have not used recently.');
    expect((await change(passwords[4]!, 'Amber-Falcon-Quarry-15')).statusCode).toBe(200);
    expect((await change('Amber-Falcon-Quarry-15', passwords[0]!)).statusCode).toBe(200);
  });
});

describe('outbox without SMTP_URL', () => {
  it('writes the message to the outbox and the test hook reads it back', async () => {
    const local = await createTestApp({ env: { ENABLE_TEST_HOOKS: 'true' } });
    try {
      const reg = await registerViaApi(local);
      await local.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        headers: { origin: ORIGIN },
        payload: { email: reg.email },
      });
      expect(await outboxText(local, reg.email, /reset-password/)).toMatch(/reset-password#token=[A-Za-z0-9_-]{43}/);
    } finally {
      await local.close();
    }
  });
});
