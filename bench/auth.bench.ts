import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { buildApp } from '../src/server/app.ts';
import { fromPglite } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { emailOutbox } from '../src/server/db/schema/index.ts';
import { parseEnv } from '../src/server/env.ts';

// The cost of a sign-in: argon2id verification alone, then the whole POST /api/auth/login through
// the app (PGlite, audit rows, refresh token, JWT), each with 20 sign-ins at once.

const CONCURRENCY = 20;
const ROUNDS = 5;

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = samples.reduce((s, v) => s + v, 0) / samples.length;
  return `mean ${mean.toFixed(1)} ms, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`;
}

async function timed<T>(fn: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const password = 'Violet-Harbour-Lantern-42';
const passwordHash = await hash(password);

const single: number[] = [];
for (let i = 0; i < 10; i++) single.push(await timed(() => verify(passwordHash, password)));
console.log(`argon2id verify, one at a time:        ${stats(single)}`);

const concurrent: number[] = [];
let wall = 0;
for (let r = 0; r < ROUNDS; r++) {
  const start = performance.now();
  concurrent.push(
    ...(await Promise.all(Array.from({ length: CONCURRENCY }, () => timed(() => verify(passwordHash, password))))),
  );
  wall += performance.now() - start;
}
console.log(
  `argon2id verify, ${CONCURRENCY} at once:            ${stats(concurrent)}; batch wall ${(wall / ROUNDS).toFixed(0)} ms`,
);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-'));
const database = fromPglite(await PGlite.create());
await runMigrations(database);
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEMANTIC_SEARCH: 'false' });
const app = await buildApp({ env, database });
await app.ready();
const origin = new URL(env.PUBLIC_URL).origin;
const emails = Array.from({ length: CONCURRENCY }, (_, i) => `bench-${i}@example.test`);
for (const email of emails) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { origin },
    remoteAddress: `10.9.0.${emails.indexOf(email)}`,
    payload: { email, password, confirmPassword: password, name: 'Bench User' },
  });
  if (res.statusCode !== 202) throw new Error(`register: ${res.statusCode} ${res.body}`);
}
// Accounts exist once their e-mailed link is opened (docs/decisions/034): open each one.
for (const email of emails) {
  let token: string | undefined;
  for (let i = 0; i < 200 && !token; i++) {
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    token = mail ? /#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
    if (!token) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register/confirm',
    headers: { origin },
    remoteAddress: `10.9.1.${emails.indexOf(email)}`,
    payload: { token },
  });
  if (res.statusCode !== 201) throw new Error(`register confirm: ${res.statusCode} ${res.body}`);
}
const logins: number[] = [];
let loginWall = 0;
for (let r = 0; r < ROUNDS; r++) {
  const start = performance.now();
  const batch = await Promise.all(
    emails.map((email, i) =>
      timed(async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { origin },
          remoteAddress: `10.8.${r}.${i}`,
          payload: { email, password },
        });
        if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode}`);
      }),
    ),
  );
  logins.push(...batch);
  loginWall += performance.now() - start;
}
console.log(
  `POST /api/auth/login, ${CONCURRENCY} at once (PGlite): ${stats(logins)}; batch wall ${(loginWall / ROUNDS).toFixed(0)} ms`,
);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
