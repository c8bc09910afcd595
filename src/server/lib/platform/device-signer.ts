import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Signs and reads the known-device cookie's value (features/auth/device-cookie.http.ts): an account id
// and a random nonce under an HMAC derived from the app's secret.

export type DeviceSigner = { sign: (userId: number) => string; userOf: (value: string | undefined) => number | null };

export function createDeviceSigner(secret: string): DeviceSigner {
  const key = createHmac('sha256', secret).update('unbuilt-known-device').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign: (userId) => {
      const payload = `${String(userId)}.${randomBytes(12).toString('base64url')}`;
      return `${payload}.${mac(payload)}`;
    },
    userOf: (value) => {
      if (!value || value.length > 200) return null;
      const cut = value.lastIndexOf('.');
      if (cut <= 0) return null;
      const payload = value.slice(0, cut);
      const given = Buffer.from(value.slice(cut + 1));
      const expected = Buffer.from(mac(payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const userId = Number(payload.split('.')[0]);
      return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
    },
  };
}
