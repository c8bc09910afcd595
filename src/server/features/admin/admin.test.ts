import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceCategories, securityAlerts, securityAuditLogs, users } from '../../db/schema/index.ts';
import { writeAudit } from '../../lib/domain/security-audit.ts';
import { login, STRONG_PASSWORD, registerViaApi, changePasswordViaApi } from '../../test/auth-helpers.ts';
import { createUser, reloadUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let target: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin', email: 'root@example.test' });
  member = await createUser(t);
  target = await createUser(t, { email: 'target@example.test', failedLoginAttempts: 10 });
});
afterAll(() => t.close());

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  /** The admin's status when not 200 (a background action answers 202). */
  adminStatus?: number;
};

function call(who: TestUser | null, c: Call) {
  return t.app.inject({
    method: c.method,
    url: c.url,
    ...(who ? { headers: who.headers } : {}),
    ...(c.payload !== undefined ? { payload: c.payload as Record<string, unknown> } : {}),
  });
}

async function newAlert(): Promise<number> {
  const [row] = await t.db.db
    .insert(securityAlerts)
    .values({ alertType: 'brute_force', severity: 'high', description: 'Many failed sign-ins', userId: target.user.id })
    .returning({ id: securityAlerts.id });
  return row?.id ?? 0;
}

async function newContribution(): Promise<number> {
  const [category] = await t.db.db.select({ id: resourceCategories.id }).from(resourceCategories).limit(1);
  const res = await call(member, {
    method: 'POST',
    url: '/api/contributions',
    payload: {
      title: `Pricing notes ${Math.random().toString(36).slice(2, 8)}`,
      description: 'A worksheet for pricing experiments with real numbers.',
      url: `https://example.com/${Math.random().toString(36).slice(2, 10)}`,
      suggestedCategoryId: category?.id,
      suggestedTags: ['pricing'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

/** Every admin route, with a request an admin may make (the matrix fails when a route is missing here). */
async function adminCalls(): Promise<Call[]> {
  return [
    { method: 'GET', url: '/api/admin/users?q=target' },
    { method: 'GET', url: `/api/admin/users/${target.user.id}` },
    { method: 'POST', url: `/api/admin/users/${target.user.id}/enable` },
    { method: 'PUT', url: `/api/admin/users/${target.user.id}/plan`, payload: { plan: 'pro' } },
    { method: 'GET', url: '/api/admin/security-alerts?status=open' },
    { method: 'PATCH', url: `/api/admin/security-alerts/${await newAlert()}`, payload: { status: 'acknowledged' } },
    { method: 'GET', url: '/api/admin/settings/password-policy' },
    { method: 'PUT', url: '/api/admin/settings/password-policy', payload: { maxPasswordAgeDays: null } },
    { method: 'GET', url: '/api/admin/audit-logs?event=login' },
    { method: 'GET', url: '/api/admin/audit-logs/export.csv' },
    { method: 'GET', url: '/api/admin/flags' },
    {
      method: 'POST',
      url: '/api/admin/flags/preview',
      payload: { name: 'beta', rolloutPercentage: 50, allowedTiers: [], allowedUserIds: [] },
    },
    { method: 'PUT', url: '/api/admin/flags/beta', payload: { enabled: true, rolloutPercentage: 10 } },
    { method: 'PUT', url: `/api/admin/flags/beta/users/${member.user.id}`, payload: { enabled: true } },
    { method: 'DELETE', url: `/api/admin/flags/beta/users/${member.user.id}` },
    { method: 'GET', url: '/api/admin/contributions?status=pending' },
    {
      method: 'POST',
      url: `/api/admin/contributions/${await newContribution()}/review`,
      payload: { decision: 'reject', adminNotes: 'Not for this library' },
    },
    { method: 'GET', url: '/api/admin/corpus' },
    // Loading the datasets again runs in the background: accepted, then polled with GET.
    { method: 'POST', url: '/api/admin/corpus/refresh', adminStatus: 202 },
  ];
}

const pattern = (url: string) =>
  url
    .split('?')[0]
    ?.replace(/\/\d+(?=\/|$)/g, '/:n')
    .replace(/\/(enable|beta)(?=\/|$)/g, '/:p');

describe('the admin matrix', () => {
  it('answers every admin route: 200 to an admin, 404 to a signed-in user, 401 to a visitor', async () => {
    const calls = await adminCalls();
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/admin'))
      .map(
        (r) =>
          `${r.method} ${r.url.replace(/\/$/, '').replace(/:[A-Za-z]+/g, (m) => (m === ':name' || m === ':action' ? ':p' : ':n'))}`,
      );
    const covered = calls.map((c) => `${c.method} ${pattern(c.url)}`);
    expect([...new Set(routes)].sort()).toEqual([...new Set(covered)].sort());

    for (const c of calls) {
      const asMember = await call(member, c);
      expect(asMember.statusCode, `${c.method} ${c.url} as a user`).toBe(404);
      expect(asMember.json().code).toBe('NOT_FOUND');
      const asVisitor = await call(null, c);
      expect(asVisitor.statusCode, `${c.method} ${c.url} as a visitor`).toBe(401);
      const asAdmin = await call(admin, c);
      expect(asAdmin.statusCode, `${c.method} ${c.url} as an admin: ${asAdmin.body}`).toBe(c.adminStatus ?? 200);
    }
  });

  it('answers 404 to a non-admin even when the body or parameters are invalid (nothing about the route leaks)', async () => {
    for (const c of [
      { method: 'POST', url: '/api/admin/users/abc/explode' },
      { method: 'PATCH', url: '/api/admin/security-alerts/1', payload: { status: 'bogus' } },
      { method: 'PUT', url: '/api/admin/flags/Bad Name!', payload: { rolloutPercentage: 900 } },
    ] as Call[]) {
      expect((await call(member, c)).statusCode, c.url).toBe(404);
    }
  });
});

async function auditRows(eventType: string) {
  return t.db.db.select().from(securityAuditLogs).where(eq(securityAuditLogs.eventType, eventType));
}

describe('every admin action is audited', () => {
  it('writes one audit row per action, naming the admin, the record and the request', async () => {
    const u = await createUser(t);
    const alertId = await newAlert();
    const contributionId = await newContribution();
    const actions: [Call, string, string][] = [
      [
        { method: 'POST', url: `/api/admin/users/${u.user.id}/force-password-change` },
        'admin.user_force_password_change',
        String(u.user.id),
      ],
      [{ method: 'POST', url: `/api/admin/users/${u.user.id}/disable` }, 'admin.user_disable', String(u.user.id)],
      [{ method: 'POST', url: `/api/admin/users/${u.user.id}/enable` }, 'admin.user_enable', String(u.user.id)],
      [
        { method: 'PUT', url: `/api/admin/users/${u.user.id}/plan`, payload: { plan: 'enterprise' } },
        'admin.user_plan_change',
        String(u.user.id),
      ],
      [
        { method: 'PUT', url: '/api/admin/flags/audited-flag', payload: { enabled: true } },
        'admin.flag_change',
        'audited-flag',
      ],
      [
        { method: 'PUT', url: `/api/admin/flags/audited-flag/users/${u.user.id}`, payload: { enabled: false } },
        'admin.flag_override',
        'audited-flag',
      ],
      [
        {
          method: 'PATCH',
          url: `/api/admin/security-alerts/${alertId}`,
          payload: { status: 'resolved', notes: 'Blocked the IP' },
        },
        'admin.alert_triage',
        String(alertId),
      ],
      [
        {
          method: 'POST',
          url: `/api/admin/contributions/${contributionId}/review`,
          payload: { decision: 'reject', adminNotes: 'Duplicate' },
        },
        'admin.contribution_review',
        String(contributionId),
      ],
      [{ method: 'GET', url: '/api/admin/audit-logs/export.csv?event=admin.' }, 'admin.audit_export', ''],
      [
        { method: 'PUT', url: '/api/admin/settings/password-policy', payload: { maxPasswordAgeDays: 365 } },
        'admin.settings_change',
        'password_policy',
      ],
    ];
    for (const [c, event, resourceId] of actions) {
      const before = (await auditRows(event)).length;
      const res = await call(admin, c);
      expect(res.statusCode, `${c.url}: ${res.body}`).toBe(200);
      const rows = await auditRows(event);
      expect(rows.length, event).toBe(before + 1);
      const row = rows.at(-1);
      expect(row).toMatchObject({ userId: admin.user.id, userEmail: 'root@example.test', success: true });
      expect(row?.resourceId ?? '').toBe(resourceId);
      expect(row?.requestId).toBeTruthy();
    }
  });

  it('writes nothing when the action fails', async () => {
    const before = (await auditRows('admin.user_disable')).length;
    const self = await call(admin, { method: 'POST', url: `/api/admin/users/${admin.user.id}/disable` });
    expect(self.statusCode).toBe(409);
    const missing = await call(admin, { method: 'POST', url: '/api/admin/users/999999/disable' });
    expect(missing.statusCode).toBe(404);
    expect((await auditRows('admin.user_disable')).length).toBe(before);
  });
});

describe('users', () => {
  it('shows plan, status, failed sign-ins and last sign-in, and no lock (failed sign-ins never lock, ADR 031)', async () => {
    const reg = await registerViaApi(t, { email: 'locked-out@example.test' });
    // A row locked before ADR 031: nothing reads the old fields any more.
    expect((await login(t, reg.email, STRONG_PASSWORD)).statusCode).toBe(200);
    await t.db.db
      .update(users)
      .set({
        accountLocked: true,
        failedLoginAttempts: 10,
        lockoutExpires: new Date(t.clock.now().getTime() + 600_000),
      })
      .where(eq(users.id, reg.userId));
    const list = await call(admin, { method: 'GET', url: '/api/admin/users?q=locked-out' });
    const [found] = list.json<{ data: { items: Record<string, unknown>[] } }>().data.items;
    expect(found).toMatchObject({
      id: reg.userId,
      plan: 'free',
      isActive: true,
      failedLoginAttempts: 10,
    });
    expect(found?.lastSignInAt).toEqual(expect.any(String));
    expect(JSON.stringify(found)).not.toMatch(/password"|\$argon/);
    expect(Object.keys(found ?? {}).filter((key) => /lock/i.test(key))).toEqual([]);
    const unlock = await call(admin, { method: 'POST', url: `/api/admin/users/${reg.userId}/unlock` });
    expect(unlock.statusCode).toBe(400);
    expect(unlock.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('disables an account: its sessions end at once and it cannot sign in', async () => {
    const reg = await registerViaApi(t);
    expect((await call(admin, { method: 'POST', url: `/api/admin/users/${reg.userId}/disable` })).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${reg.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await login(t, reg.email, STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it('changes the plan through the demo provider (effective at once) and back to free', async () => {
    const u = await createUser(t);
    const up = await call(admin, {
      method: 'PUT',
      url: `/api/admin/users/${u.user.id}/plan`,
      payload: { plan: 'enterprise' },
    });
    expect(up.json().data).toMatchObject({ plan: 'enterprise', subscriptionStatus: 'active' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: u.headers });
    expect(me.json().data.plan).toBe('enterprise');
    const down = await call(admin, {
      method: 'PUT',
      url: `/api/admin/users/${u.user.id}/plan`,
      payload: { plan: 'free' },
    });
    expect(down.json().data.plan).toBe('free');
    const bad = await call(admin, {
      method: 'PUT',
      url: `/api/admin/users/${u.user.id}/plan`,
      payload: { plan: 'gold' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.plan).toBe('Choose a plan');
  });

  it('refuses plan changes when the provider is not the demo one', async () => {
    const stripeLike = await createTestApp({ env: { PAYMENTS_PROVIDER: 'off' }, database: t.db });
    try {
      const res = await stripeLike.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${member.user.id}/plan`,
        headers: {
          authorization: `Bearer ${await stripeLike.app.deps.jwt.signAccessToken({ userId: admin.user.id, familyId: JSON.parse(Buffer.from(admin.accessToken.split('.')[1] ?? '', 'base64url').toString()).fam }, stripeLike.clock.now())}`,
        },
        payload: { plan: 'pro' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/demo payment provider/);
    } finally {
      await stripeLike.close();
    }
  });
});

describe('force a password change', () => {
  it('blocks everything but "who am I" and change-password until the password is changed', async () => {
    const reg = await registerViaApi(t);
    await call(admin, { method: 'POST', url: `/api/admin/users/${reg.userId}/force-password-change` });
    const signedIn = await login(t, reg.email, STRONG_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json<{ data: { accessToken: string; user: { mustChangePassword: boolean } } }>().data;
    expect(body.user.mustChangePassword).toBe(true);
    const headers = { authorization: `Bearer ${body.accessToken}` };
    const blocked = await t.app.inject({ method: 'GET', url: '/api/searches', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(200);
    const changed = await changePasswordViaApi(t, headers, STRONG_PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/searches', headers })).statusCode).toBe(200);
    expect((await reloadUser(t, reg.userId)).forcePasswordChange).toBe(false);
  });
});

describe('security alerts', () => {
  it('moves open → acknowledged → resolved with notes, filters, and refuses going back', async () => {
    const id = await newAlert();
    const patch = (payload: unknown) =>
      call(admin, { method: 'PATCH', url: `/api/admin/security-alerts/${id}`, payload });
    const noNotes = await patch({ status: 'resolved' });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().fieldErrors.notes).toBe('Say how the alert was resolved');
    expect((await patch({ status: 'acknowledged' })).json().data.status).toBe('acknowledged');
    const acked = await call(admin, {
      method: 'GET',
      url: '/api/admin/security-alerts?status=acknowledged&severity=high',
    });
    const ackedIds = acked.json<{ data: { items: { id: number }[] } }>().data.items.map((a) => a.id);
    expect(ackedIds).toContain(id);
    expect((await patch({ status: 'acknowledged' })).statusCode).toBe(409);
    const resolved = await patch({ status: 'resolved', notes: 'Password reset with the user' });
    expect(resolved.json().data).toMatchObject({ status: 'resolved', resolutionNotes: 'Password reset with the user' });
    expect((await patch({ status: 'acknowledged' })).statusCode).toBe(409);
    const [row] = await t.db.db.select().from(securityAlerts).where(eq(securityAlerts.id, id));
    expect(row?.resolvedBy).toBe(admin.user.id);
  });

  it('lets one of two concurrent triages win', async () => {
    const id = await newAlert();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(admin, { method: 'PATCH', url: `/api/admin/security-alerts/${id}`, payload: { status: 'acknowledged' } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
  });
});

describe('audit log', () => {
  const meta = { requestId: 'req-csv-injection', ip: '203.0.113.9', userAgent: null };

  it('searches by user, event, date, IP and request id', async () => {
    await writeAudit({
      db: t.db.db,
      meta,
      event: { eventType: 'login_failure', success: false, userId: target.user.id, userEmail: 'target@example.test' },
    });
    const today = t.clock.now().toISOString().slice(0, 10);
    for (const q of [
      `user=target@example`,
      `user=${target.user.id}&event=login_failure`,
      `ip=203.0.113.9`,
      `requestId=req-csv-injection`,
      `from=${today}&to=${today}&event=login_failure`,
    ]) {
      const res = await call(admin, { method: 'GET', url: `/api/admin/audit-logs?${q}` });
      const items = res.json<{ data: { items: { requestId: string }[] } }>().data.items;
      expect(
        items.map((i) => i.requestId),
        q,
      ).toContain('req-csv-injection');
    }
    const none = await call(admin, { method: 'GET', url: '/api/admin/audit-logs?from=2001-01-01&to=2001-01-02' });
    expect(none.json().data.items).toEqual([]);
    const bad = await call(admin, { method: 'GET', url: '/api/admin/audit-logs?from=yesterday' });
    expect(bad.json().fieldErrors.from).toBe('Use a date like 2026-01-31');
  });

  it('exports CSV with formula cells neutralised', async () => {
    await writeAudit({
      db: t.db.db,
      meta: { requestId: '=HYPERLINK("http://evil.test","x")', ip: '+1-2', userAgent: null },
      event: { eventType: 'login_failure', success: false, userEmail: '@SUM(A1)', errorMessage: '-2+3' },
    });
    const res = await call(admin, { method: 'GET', url: '/api/admin/audit-logs/export.csv?event=login_failure' });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="unbuilt-audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const line = res.body.split('\r\n').find((l) => l.includes('HYPERLINK')) ?? '';
    expect(line).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(line).toContain("'@SUM(A1)");
    expect(line).toContain("'+1-2");
    expect(line).toContain("'-2+3");
    for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+@-]/);
    const exported = await t.db.db
      .select()
      .from(securityAuditLogs)
      .where(and(eq(securityAuditLogs.eventType, 'admin.audit_export'), eq(securityAuditLogs.userId, admin.user.id)));
    expect(exported.at(-1)?.metadata).toMatchObject({ filter: { event: 'login_failure' } });
  });
});
