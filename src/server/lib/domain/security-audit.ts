import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { securityAlerts, securityAuditLogs } from '../../db/schema/index.ts';
import type { RequestMeta } from '../http/request-meta.ts';

// Audit rows and alerts, for every feature. Callers pass facts only: never a password, token or
// hash (the canary test in auth-secrets.test.ts checks every table and log line).

export type AuditEvent =
  | 'register'
  | 'register_existing_email'
  | 'login_success'
  | 'login_failure'
  | 'token_refresh'
  | 'refresh_reuse'
  | 'logout'
  | 'sessions_revoked'
  | 'password_change'
  | 'password_reset_request'
  | 'password_reset'
  | 'billing.webhook_rejected'
  | 'password_expiry_warning'
  | 'password_expired'
  | AdminAuditEvent;

/** Every change an admin makes through the console or /api/admin (ADR 022). */
export type AdminAuditEvent =
  | 'admin.user_force_password_change'
  | 'admin.user_disable'
  | 'admin.user_enable'
  | 'admin.user_plan_change'
  | 'admin.flag_change'
  | 'admin.flag_override'
  | 'admin.alert_triage'
  | 'admin.audit_export'
  | 'admin.contribution_review'
  | 'admin.settings_change'
  | 'admin.corpus_refresh';

type Severity = 'info' | 'low' | 'medium' | 'high' | 'critical';

export async function writeAudit(options: {
  db: Database | Tx;
  meta: RequestMeta;
  event: {
    eventType: AuditEvent;
    success: boolean;
    /** What was acted on (default 'auth' and the user's id). */
    resource?: string;
    action?: string;
    /** The id of what was acted on (default: the user's id). */
    resourceId?: string | null;
    userId?: number | null;
    userEmail?: string | null;
    errorMessage?: string;
    metadata?: Record<string, unknown>;
    severity?: Severity;
    sessionId?: string | null;
  };
}): Promise<void> {
  const { db, meta, event } = options;
  await db.insert(securityAuditLogs).values({
    requestId: meta.requestId,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
    eventType: event.eventType,
    action: event.action ?? event.eventType,
    resource: event.resource ?? 'auth',
    resourceId: event.resourceId !== undefined ? event.resourceId : event.userId ? String(event.userId) : null,
    success: event.success,
    userId: event.userId ?? null,
    userEmail: event.userEmail ?? null,
    errorMessage: event.errorMessage ?? null,
    metadata: event.metadata ?? {},
    severity: event.severity ?? 'info',
    sessionId: event.sessionId ?? null,
  });
}

export async function raiseAlert(options: {
  db: Database | Tx;
  meta: RequestMeta;
  log: FastifyBaseLogger;
  alert: {
    alertType: string;
    severity: Exclude<Severity, 'info'>;
    userId: number | null;
    description: string;
    details?: Record<string, unknown>;
  };
}): Promise<void> {
  const { db, meta, log, alert } = options;
  await db.insert(securityAlerts).values({
    alertType: alert.alertType,
    severity: alert.severity,
    userId: alert.userId,
    ipAddress: meta.ip,
    description: alert.description,
    details: { requestId: meta.requestId, ...alert.details },
  });
  log.warn({ alertType: alert.alertType, userId: alert.userId }, 'security alert raised');
}
