import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { resolveAppSecret } from '../../lib/platform/app-secrets.ts';

// The token of a notification e-mail's unsubscribe link (ADR 027): `<userId>.<HMAC>` under a secret
// kept in app_secrets, so every instance and the mail jobs sign alike. It does not expire (a link
// in an old e-mail must still work) and can only turn notification e-mails off.

const SECRET_NAME = 'notifications-unsubscribe';

export function unsubscribeSecret(db: Database): Promise<string> {
  return resolveAppSecret(db, SECRET_NAME, undefined);
}

function mac(userId: number, secret: string): string {
  return createHmac('sha256', secret)
    .update(`notifications-unsubscribe:${String(userId)}`)
    .digest('base64url');
}

export function unsubscribeToken(userId: number, secret: string): string {
  return `${String(userId)}.${mac(userId, secret)}`;
}

/** The user the token was signed for, or null when it was not signed by us (tampered, truncated). */
export function userOfUnsubscribeToken(token: string, secret: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const userId = Number(match[1]);
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(mac(userId, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
