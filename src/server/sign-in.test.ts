import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

// The sign-in sweep, from the route table: every /api route signs its caller in with its own guard
// (`preHandler: requireUser`, requirePlan, requireApiKey, or requireAdmin as onRequest), or is on the
// list of public routes below, or sits under /api/admin, whose plugin checks every request first. A route
// added without a guard fails here until it gets one or is listed as public on purpose.

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const PUBLIC_ROUTES = [
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/register/confirm',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'GET /api/billing/config',
  'POST /api/contact',
  'GET /api/share/:token',
  'POST /api/team-invitations/preview',
  'POST /api/team-invitations/decline',
  'POST /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe/one-click',
  'GET /api/v1/openapi.json',
  'GET /api/help/articles',
  'GET /api/help/articles/:slug',
  'POST /api/chat/help',
];

const unguarded = () => t.app.routeTable.filter((r) => !r.signsIn).map((r) => ({ ...r, key: `${r.method} ${r.url}` }));

describe('sign-in sweep', () => {
  it('every route without its own guard is a listed public route or an admin route', () => {
    const unexpected = unguarded()
      .filter((r) => !PUBLIC_ROUTES.includes(r.key) && !r.url.startsWith('/api/admin/'))
      .map((r) => r.key);
    expect(unexpected).toEqual([]);
  });

  it('the public list names only routes that exist and have no guard (no stale entries)', () => {
    const keys = unguarded().map((r) => r.key);
    expect(PUBLIC_ROUTES.filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('admin routes refuse a visitor before reading anything (401, whatever the body)', async () => {
    const admin = unguarded().filter((r) => r.url.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(5);
    for (const route of admin) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replaceAll(/:(\w+)/g, '1'),
        payload: route.method === 'GET' ? undefined : { nonsense: true },
      });
      expect(res.statusCode, route.key).toBe(401);
    }
  });

  it('a guarded route refuses a visitor (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(401);
  });
});
