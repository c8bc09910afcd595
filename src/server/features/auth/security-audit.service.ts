import type { FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { securityAlerts, securityAuditLogs } from '../../db/schema/index.ts';

// Audit rows and alerts. Callers pass facts only: never a password, token or hash (the canary test
// in auth-secrets.test.ts checks every table and log line).

export type AuditEvent =
  | 'register'
  | 'login_success'
  | 'login_failure'
  | 'account_locked'
  | 'token_refresh'
  | 'refresh_reuse'
  | 'logout'
  | 'sessions_revoked'
  | 'password_change'
  | 'password_reset_request'
  | 'password_reset';

type Severity = 'info' | 'low' | 'medium' | 'high' | 'critical';

export function requestFacts(request: FastifyRequest): {
  requestId: string;
  ipAddress: string;
  userAgent: string | null;
} {
  const ua = request.headers['user-agent'];
  return { requestId: request.id, ipAddress: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}

export async function writeAudit(
  db: Database | Tx,
  request: FastifyRequest,
  event: {
    eventType: AuditEvent;
    success: boolean;
    userId?: number | null;
    userEmail?: string | null;
    errorMessage?: string;
    metadata?: Record<string, unknown>;
    severity?: Severity;
    sessionId?: string | null;
  },
): Promise<void> {
  await db.insert(securityAuditLogs).values({
    ...requestFacts(request),
    eventType: event.eventType,
    action: event.eventType,
    resource: 'auth',
    resourceId: event.userId ? String(event.userId) : null,
    success: event.success,
    userId: event.userId ?? null,
    userEmail: event.userEmail ?? null,
    errorMessage: event.errorMessage ?? null,
    metadata: event.metadata ?? {},
    severity: event.severity ?? 'info',
    sessionId: event.sessionId ?? null,
  });
}

export async function raiseAlert(
  db: Database | Tx,
  request: FastifyRequest,
  alert: {
    alertType: string;
    severity: Exclude<Severity, 'info'>;
    userId: number | null;
    description: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(securityAlerts).values({
    alertType: alert.alertType,
    severity: alert.severity,
    userId: alert.userId,
    ipAddress: request.ip,
    description: alert.description,
    details: { requestId: request.id, ...alert.details },
  });
  request.log.warn({ alertType: alert.alertType, userId: alert.userId }, 'security alert raised');
}
