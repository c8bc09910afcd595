import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { securityAlerts, securityAuditLogs } from '../../db/schema/index.ts';
import { writeAudit } from '../../lib/domain/security-audit.ts';
import { admin, call, newAlert, t, target, useAdminApp } from '../../test/admin-app.ts';

useAdminApp();

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
