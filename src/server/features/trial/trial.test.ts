import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '#shared/plans/plans.constants.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { createUser, reloadUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function activate(u: TestUser, email: string) {
  return t.app.inject({ method: 'POST', url: '/api/trial/activate', headers: u.headers, payload: { email } });
}

describe('POST /api/trial/activate', () => {
  it('gives 7 days of Pro that end by themselves on the next read', async () => {
    const u = await createUser(t);
    const res = await activate(u, u.user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.plan).toBe('pro');
    const expiration = new Date(res.json().data.trialExpiration as string);
    expect(expiration.getTime() - t.clock.now().getTime()).toBeGreaterThan(TRIAL_DAYS * 86_400_000 - 5000);

    const row = await reloadUser(t, u.user.id);
    expect(row.trialUsed).toBe(true);
    t.clock.set(new Date(expiration.getTime() - 1000));
    try {
      expect(effectivePlan(await reloadUser(t, u.user.id), t.clock.now())).toBe('pro');
      t.clock.set(new Date(expiration.getTime() + 1000));
      // No job ran: the very next request computes Free.
      expect(effectivePlan(await reloadUser(t, u.user.id), t.clock.now())).toBe('free');
    } finally {
      t.clock.set(null);
    }
  });

  it('runs once per user, even for 10 concurrent requests', async () => {
    const u = await createUser(t);
    const responses = await Promise.all(Array.from({ length: 10 }, () => activate(u, u.user.email)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const again = await activate(u, u.user.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already used your free trial.');
  });

  const badBodies: { name: string; email: string; field: string }[] = [
    { name: 'empty', email: '', field: 'Please enter your email address to start your free trial.' },
    { name: 'blank', email: '   ', field: 'Please enter your email address to start your free trial.' },
    { name: 'not an e-mail', email: 'nope', field: 'Enter a valid e-mail address.' },
  ];
  for (const { name, email, field } of badBodies) {
    it(`rejects an ${name} e-mail`, async () => {
      const u = await createUser(t);
      const res = await activate(u, email);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.email).toBe(field);
      expect((await reloadUser(t, u.user.id)).trialUsed).toBe(false);
    });
  }

  it("rejects another person's e-mail and unauthenticated calls", async () => {
    const u = await createUser(t);
    const res = await activate(u, 'someone-else@example.test');
    expect(res.statusCode).toBe(400);
    expect((await reloadUser(t, u.user.id)).trialUsed).toBe(false);
    const anon = await t.app.inject({ method: 'POST', url: '/api/trial/activate', payload: { email: u.user.email } });
    expect(anon.statusCode).toBe(401);
  });
});
