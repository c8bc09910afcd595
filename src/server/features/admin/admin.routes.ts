import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserActionParamsSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserSchema,
  alertListQuerySchema,
  alertTriageSchema,
  auditFilterSchema,
  auditListQuerySchema,
  auditPageSchema,
  securityAlertPageSchema,
  securityAlertSchema,
} from '#shared/admin/admin.schemas.ts';
import { passwordPolicySchema } from '#shared/admin/settings.schemas.ts';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import { auditAdminAction, requireAdmin } from '../../lib/http/admin-guard.ts';
import { currentUser } from '../../lib/http/auth-guard.ts';
import { CSV_CONTENT_TYPE, CSV_DESCRIPTION } from '../../lib/platform/csv.ts';
import { fileResponse, sendFile } from '../../lib/http/file-response.ts';
import { applyUserAction, getAdminUser, listAdminUsers } from './admin-users.service.ts';
import { auditCsv, listAlerts, searchAudit, triageAlert } from './admin-security.service.ts';
import { getPasswordPolicy, setPasswordPolicy } from './admin-settings.service.ts';

// /api/admin: the console's users, security alerts and audit log (ADR 022). Feature flags
// (/api/admin/flags), the contribution queue (/api/admin/contributions) and plan changes
// (/api/admin/users/:id/plan) belong to their features and use the same guard and audit helper.

const tags = ['admin'];
const admin = { access: 'admin' } as const;

export const adminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  // Before validation: a non-admin gets 404 whatever they send (admin-guard.ts).
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/settings/password-policy',
    {
      schema: {
        tags,
        summary: 'The maximum password age (null: passwords do not expire)',
        response: { 200: ok(passwordPolicySchema) },
      },
    },
    async () => ({ success: true as const, data: await getPasswordPolicy(db) }),
  );

  app.put(
    '/settings/password-policy',
    {
      schema: {
        tags,
        summary: 'Set the maximum password age: users are warned by e-mail before it and must change it after',
        body: passwordPolicySchema,
        response: { 200: ok(passwordPolicySchema) },
      },
    },
    async (request) => {
      const data = await setPasswordPolicy({
        db,
        adminId: currentUser(request).id,
        policy: request.body,
        now: clock.now(),
        audit: (tx, previous) =>
          auditAdminAction({
            db: tx,
            request,
            event: 'admin.settings_change',
            resource: 'app_settings',
            resourceId: 'password_policy',
            metadata: { from: previous, to: request.body },
          }),
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Search users by e-mail, name or id',
        querystring: adminUserListQuerySchema,
        response: { 200: ok(adminUserPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAdminUsers({ db, query: request.query, now: clock.now() }),
    }),
  );

  app.get(
    '/users/:id',
    {
      config: admin,
      schema: { tags, summary: 'One user', params: idParamsSchema, response: { 200: ok(adminUserSchema) } },
    },
    async (request) => ({ success: true as const, data: await getAdminUser(db, request.params.id, clock.now()) }),
  );

  app.post(
    '/users/:id/:action',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Force a password change at next sign-in, disable or enable an account',
        params: adminUserActionParamsSchema,
        response: { 200: ok(adminUserSchema) },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const data = await applyUserAction({
        db,
        adminId: currentUser(request).id,
        userId: id,
        action,
        now: clock.now(),
        audit: (tx, event) => auditAdminAction({ db: tx, request, event, resource: 'user', resourceId: id }),
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/security-alerts',
    {
      schema: {
        tags,
        summary: 'Security alerts, newest first, by status, severity and type',
        querystring: alertListQuerySchema,
        response: { 200: ok(securityAlertPageSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await listAlerts({ db, query: request.query }) }),
  );

  app.patch(
    '/security-alerts/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Acknowledge or resolve an alert (resolving needs notes)',
        params: idParamsSchema,
        body: alertTriageSchema,
        response: { 200: ok(securityAlertSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = await triageAlert({
        db,
        id,
        adminId: currentUser(request).id,
        triage: request.body,
        now: clock.now(),
        audit: (tx, previous) =>
          auditAdminAction({
            db: tx,
            request,
            event: 'admin.alert_triage',
            resource: 'security_alert',
            resourceId: id,
            metadata: { from: previous, to: request.body.status },
          }),
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/audit-logs',
    {
      schema: {
        tags,
        summary: 'Search the audit log by user, event, date, IP and request id',
        querystring: auditListQuerySchema,
        response: { 200: ok(auditPageSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await searchAudit({ db, query: request.query }) }),
  );

  app.get(
    '/audit-logs/export.csv',
    {
      schema: {
        tags,
        summary: 'The matching audit rows as CSV (newest 10,000; formula cells neutralised)',
        querystring: auditFilterSchema,
        response: fileResponse(CSV_DESCRIPTION),
      },
    },
    async (request, reply) => {
      const { csv, rows } = await auditCsv({ db, filter: request.query });
      await auditAdminAction({
        db,
        request,
        event: 'admin.audit_export',
        resource: 'security_audit_logs',
        resourceId: null,
        metadata: { filter: request.query, rows },
      });
      const day = clock.now().toISOString().slice(0, 10);
      return sendFile(reply, { fileName: `unbuilt-audit-log-${day}.csv`, contentType: CSV_CONTENT_TYPE, body: csv });
    },
  );
};
