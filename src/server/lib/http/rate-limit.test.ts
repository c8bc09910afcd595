import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { consumeRateLimit } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('consumeRateLimit', () => {
  it('lets exactly `limit` of 200 concurrent hits through in one window', async () => {
    const now = new Date('2026-01-01T00:00:10Z');
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        consumeRateLimit({ db: t.db.db, key: 'burst', limit: 7, windowMs: 60_000, now }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(new Set(results.map((r) => r.count)).size).toBe(200);
  });

  it('opens a new window after windowMs and keys are independent', async () => {
    const t0 = new Date('2026-01-01T01:00:00Z');
    const hit = (key: string, now: Date) => consumeRateLimit({ db: t.db.db, key, limit: 1, windowMs: 60_000, now });
    expect((await hit('a', t0)).allowed).toBe(true);
    expect((await hit('a', t0)).allowed).toBe(false);
    expect((await hit('b', t0)).allowed).toBe(true);
    const later = new Date(t0.getTime() + 60_000);
    expect((await hit('a', later)).allowed).toBe(true);
    expect((await hit('a', new Date(t0.getTime() + 30_000))).retryAfterSeconds).toBe(30);
  });
});
