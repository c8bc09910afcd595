import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { originOf } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { hashPassword } from './password-hash.ts';
import { scrubText } from './log-redaction.ts';

// A failed insert used to log its SQL parameters: the e-mail and the argon2 hash at registration.
// Here a real insert fails (a duplicate e-mail, through drizzle and the driver) inside a request,
// and the whole log is searched for every secret and personal value that went into it.

const lines: string[] = [];
let t: TestApp;
const EMAIL = 'secret.person@example.test';
let hash = '';

beforeAll(async () => {
  hash = await hashPassword('Violet-Harbour-Lantern-42');
  t = await createTestApp({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => lines.push(line) },
    extend: (app) => {
      app.post('/api/__failing-insert', async () => {
        await app.deps.db.insert(users).values({ email: EMAIL, name: 'Secret Person', password: hash });
        await app.deps.db.insert(users).values({ email: EMAIL, name: 'Secret Person', password: hash });
        return { success: true, data: null };
      });
    },
  });
});
afterAll(() => t.close());

describe('the log', () => {
  it('holds no e-mail, hash, token or client IP after a failed insert and a sign-in', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/__failing-insert',
      remoteAddress: '203.0.113.77',
      headers: { 'x-forwarded-for': '198.51.100.23' },
      payload: {},
    });
    expect(failed.statusCode).toBe(500);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.77',
      headers: { origin: originOf(t) },
      payload: { email: EMAIL, password: 'Violet-Harbour-Lantern-42' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
    await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });

    const log = lines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).toContain('users_email'); // the constraint that failed is still named
    for (const secret of [EMAIL, hash, hash.slice(0, 40), token, '203.0.113.77', '198.51.100.23']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('scrubText', () => {
  it.each([
    ['Failed query: insert into "users" ("email") values ($1)\nparams: a@b.co,$argon2id$v=19$m=1$xyz', 'a@b.co'],
    ['duplicate key: Key (email)=(someone@example.org) already exists.', 'someone@example.org'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl leaked', 'eyJhbGciOiJIUzI1NiJ9'],
    ['from 10.1.2.3 and 2001:db8:0:0:0:0:2:1', '10.1.2.3'],
  ])('removes the sensitive part of %j', (text, secret) => {
    expect(scrubText(text)).not.toContain(secret);
  });
});
