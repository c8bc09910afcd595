import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resourceCategories, securityAuditLogs } from '../../db/schema/index.ts';
import { admin, call, type Call, member, newAlert, t, target, useAdminApp } from '../../test/admin-app.ts';
import { createUser } from '../../test/factories.ts';

useAdminApp();

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
