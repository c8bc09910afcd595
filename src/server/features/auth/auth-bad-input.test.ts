import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ORIGIN } from '../../test/auth-helpers.ts';

// No client mistake may produce a 500: every endpoint answers bad input with a 4xx envelope (or,
// for a PATCH whose fields are all unknown, with nothing changed).

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  authorization = (await createUser(t)).headers.authorization;
});
afterAll(() => t.close());

const ENDPOINTS: [method: 'POST' | 'PATCH', url: string][] = [
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/password/forgot'],
  ['POST', '/api/auth/password/reset'],
  ['POST', '/api/auth/password/change'],
  ['PATCH', '/api/auth/profile'],
  ['PATCH', '/api/account/preferences'],
];

const BODIES: unknown[] = [
  null,
  [],
  'just a string',
  42,
  { email: 12, password: ['x'], name: { a: 1 } },
  { email: 'a@b.c'.repeat(100), password: 'x'.repeat(5000), token: 'y'.repeat(5000), theme: 'x' },
  { accessibilitySettings: 'yes', notificationPreferences: { frequency: 'hourly' } },
  { avatar: 'data:text/html,<script>alert(1)</script>', firstName: 'x'.repeat(500) },
];

describe('bad input never yields a 500', () => {
  it.each(ENDPOINTS)('%s %s', async (method, url) => {
    for (const body of BODIES) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: ORIGIN, authorization, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, `${JSON.stringify(body)?.slice(0, 60)} → ${res.body}`).toBeLessThan(500);
      // Unknown fields alone are dropped (PATCH answers 200 with nothing changed); anything else is a 4xx envelope.
      if (res.statusCode >= 400) expect(res.json()).toMatchObject({ success: false, code: expect.any(String) });
      else expect(method).toBe('PATCH');
    }
  });

  it('answers a garbage refresh cookie with 401', async () => {
    for (const cookie of ['garbage', 'x'.repeat(5000), '%00%ff']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { origin: ORIGIN },
        cookies: { unbuilt_refresh: cookie },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
