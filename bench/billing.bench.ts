import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Stripe from 'stripe';
import { buildApp } from '../src/server/app.ts';
import { fromPglite } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema/index.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { parseEnv } from '../src/server/env.ts';
import { isFlagOn } from '../src/server/features/flags/flag-evaluation.logic.ts';

// The money path and flags: a signed Stripe webhook end to end (signature check on the raw body,
// idempotency insert, state machine, history row) on PGlite, one at a time and 20 at once; then
// flag evaluation for 10,000 users.

const CONCURRENCY = 20;
const EVENTS = 200;
const SECRET = 'whsec_bench';

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = samples.reduce((s, v) => s + v, 0) / samples.length;
  return `mean ${mean.toFixed(2)} ms, p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(2)} ms`;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-'));
const database = fromPglite(await PGlite.create());
await runMigrations(database);
const env = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEMANTIC_SEARCH: 'false',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_PRO: 'price_pro',
});
const app = await buildApp({ env, database });
await app.ready();
const stripe = new Stripe('sk_test_bench');

const [user] = await database.db.insert(users).values({ email: 'bench-billing@example.test' }).returning();
if (!user) throw new Error('no user');
let seq = 0;
function signedEvent(): { payload: string; signature: string } {
  seq += 1;
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_bench_${seq}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created: now,
    data: {
      object: {
        id: 'sub_bench',
        object: 'subscription',
        customer: 'cus_bench',
        status: 'active',
        cancel_at_period_end: seq % 2 === 0,
        cancel_at: null,
        ended_at: null,
        metadata: { userId: String(user!.id) },
        items: {
          object: 'list',
          data: [{ id: 'si_bench', price: { id: 'price_pro' }, current_period_end: now + 30 * 86_400 }],
        },
      },
    },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

async function deliver(): Promise<number> {
  const { payload, signature } = signedEvent();
  const start = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  return performance.now() - start;
}

const sequential: number[] = [];
for (let i = 0; i < EVENTS; i++) sequential.push(await deliver());
console.log(`webhook event, one at a time (${EVENTS}):  ${stats(sequential)}`);

const concurrent: number[] = [];
const wallStart = performance.now();
for (let r = 0; r < EVENTS / CONCURRENCY; r++)
  concurrent.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, deliver))));
const wall = performance.now() - wallStart;
console.log(
  `webhook event, ${CONCURRENCY} at once (${EVENTS}):   ${stats(concurrent)}; ${((EVENTS / wall) * 1000).toFixed(0)} events/s`,
);

const flag = {
  name: 'bench-flag',
  enabled: true,
  rolloutPercentage: 25,
  allowedTiers: ['enterprise'],
  allowedUserIds: [7, 9],
};
const start = performance.now();
let on = 0;
for (let id = 1; id <= 10_000; id++) if (isFlagOn(flag, { id, plan: 'free' })) on++;
console.log(
  `flag evaluation, 10,000 users:       ${(performance.now() - start).toFixed(1)} ms total; ${((on / 10_000) * 100).toFixed(2)} % on at a 25 % rollout`,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
