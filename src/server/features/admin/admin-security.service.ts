import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import {
  AUDIT_CSV_LIMIT,
  type AlertListQuery,
  type AlertTriage,
  type AuditEntry,
  type AuditFilter,
  type SecurityAlert,
} from '#shared/admin/admin.schemas.ts';
import type { ListQuery, Page } from '#shared/api/list.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import type { Database, Tx } from '../../db/client.ts';
import { securityAlerts, securityAuditLogs } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { toCsv } from '../../lib/platform/csv.ts';
import { paginate } from '../../lib/http/paginate.ts';
import { escapeLike } from '../../lib/platform/sql-like.ts';
import { isRowIdText } from '#shared/api/params.schemas.ts';

// Security alerts triage (open → acknowledged → resolved, with notes) and the audit log search and
// CSV export.

type AlertRow = typeof securityAlerts.$inferSelect;
type AuditRow = typeof securityAuditLogs.$inferSelect;

function toAlert(row: AlertRow): SecurityAlert {
  return {
    id: row.id,
    alertType: row.alertType,
    severity: row.severity,
    userId: row.userId,
    ipAddress: row.ipAddress,
    description: row.description,
    status: row.status,
    resolutionNotes: row.resolutionNotes,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAlerts(options: { db: Database; query: AlertListQuery }): Promise<Page<SecurityAlert>> {
  const { db, query } = options;
  const where = and(
    query.status ? eq(securityAlerts.status, query.status) : undefined,
    query.severity ? eq(securityAlerts.severity, query.severity) : undefined,
    query.alertType ? eq(securityAlerts.alertType, query.alertType) : undefined,
  );
  const page = await paginate({
    query,
    keyset: [
      { column: securityAlerts.createdAt, direction: 'desc', value: (r: AlertRow) => r.createdAt },
      { column: securityAlerts.id, direction: 'desc', value: (r: AlertRow) => r.id },
    ],
    fetch: ({ limit, offset, after }) =>
      db
        .select()
        .from(securityAlerts)
        .where(and(where, after))
        .orderBy(desc(securityAlerts.createdAt), desc(securityAlerts.id))
        .limit(limit)
        .offset(offset),
  });
  return { ...page, items: page.items.map(toAlert) };
}

/** The statuses an alert may move to each target from: triage only goes forward. */
const FROM: Record<AlertTriage['status'], AlertRow['status'][]> = {
  acknowledged: ['open', 'investigating'],
  resolved: ['open', 'acknowledged', 'investigating'],
};

/** One conditional UPDATE: two admins triaging at once cannot both move the same alert. */
export async function triageAlert(options: {
  db: Database;
  id: number;
  adminId: number;
  triage: { status: AlertTriage['status']; notes: string };
  now: Date;
  audit: (tx: Tx, previous: string) => Promise<void>;
}): Promise<SecurityAlert> {
  const { db, id, adminId, triage, now, audit } = options;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: securityAlerts.status })
      .from(securityAlerts)
      .where(eq(securityAlerts.id, id));
    if (!current) throw notFound('This alert');
    const isResolved = triage.status === 'resolved';
    const [row] = await tx
      .update(securityAlerts)
      .set({
        status: triage.status,
        ...(triage.notes ? { resolutionNotes: triage.notes } : {}),
        ...(isResolved ? { resolvedBy: adminId, resolvedAt: now } : {}),
      })
      .where(and(eq(securityAlerts.id, id), inArray(securityAlerts.status, FROM[triage.status])))
      .returning();
    if (!row) throw new AppError('CONFLICT', `This alert is already ${current.status}.`);
    await audit(tx, current.status);
    return toAlert(row);
  });
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  const user = filter.user;
  const userCondition = user
    ? /^\d+$/.test(user)
      ? // A number past the integer column cannot be a user id, but can be a resource id (text).
        isRowIdText(user)
        ? or(eq(securityAuditLogs.userId, Number(user)), eq(securityAuditLogs.resourceId, user))
        : eq(securityAuditLogs.resourceId, user)
      : ilike(securityAuditLogs.userEmail, `%${escapeLike(user)}%`)
    : undefined;
  return and(
    userCondition,
    filter.event ? ilike(securityAuditLogs.eventType, `${escapeLike(filter.event)}%`) : undefined,
    filter.from ? gte(securityAuditLogs.createdAt, new Date(`${filter.from}T00:00:00.000Z`)) : undefined,
    // `to` is a whole day, inclusive.
    filter.to
      ? lt(securityAuditLogs.createdAt, new Date(new Date(`${filter.to}T00:00:00.000Z`).getTime() + DAY_MS))
      : undefined,
    filter.ip ? eq(securityAuditLogs.ipAddress, filter.ip) : undefined,
    filter.requestId ? eq(securityAuditLogs.requestId, filter.requestId) : undefined,
  );
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    eventType: row.eventType,
    action: row.action,
    success: row.success,
    severity: row.severity,
    userId: row.userId,
    userEmail: row.userEmail,
    resource: row.resource,
    resourceId: row.resourceId,
    ipAddress: row.ipAddress,
    requestId: row.requestId,
    errorMessage: row.errorMessage,
    metadata: row.metadata,
  };
}

export async function searchAudit(options: {
  db: Database;
  query: AuditFilter & Pick<ListQuery, 'page' | 'pageSize' | 'cursor'>;
}): Promise<Page<AuditEntry>> {
  const { db, query } = options;
  const where = auditWhere(query);
  const page = await paginate({
    query,
    keyset: [{ column: securityAuditLogs.id, direction: 'desc', value: (r: AuditRow) => r.id }],
    fetch: ({ limit, offset, after }) =>
      db
        .select()
        .from(securityAuditLogs)
        .where(and(where, after))
        .orderBy(desc(securityAuditLogs.id))
        .limit(limit)
        .offset(offset),
  });
  return { ...page, items: page.items.map(toEntry) };
}

const CSV_HEADER = [
  'id',
  'time (UTC)',
  'event',
  'action',
  'success',
  'severity',
  'user id',
  'user e-mail',
  'resource',
  'resource id',
  'IP address',
  'request id',
  'error',
  'metadata',
] as const;

/** The newest AUDIT_CSV_LIMIT matching rows as CSV, every text cell through the CSV injection guard. */
export async function auditCsv(options: { db: Database; filter: AuditFilter }): Promise<{ csv: string; rows: number }> {
  const { db, filter } = options;
  const rows = await db
    .select()
    .from(securityAuditLogs)
    .where(auditWhere(filter))
    .orderBy(desc(securityAuditLogs.id))
    .limit(AUDIT_CSV_LIMIT);
  const csv = toCsv(
    CSV_HEADER,
    rows.map((r) => [
      r.id,
      r.createdAt.toISOString(),
      r.eventType,
      r.action,
      r.success,
      r.severity,
      r.userId,
      r.userEmail,
      r.resource,
      r.resourceId,
      r.ipAddress,
      r.requestId,
      r.errorMessage,
      JSON.stringify(r.metadata),
    ]),
  );
  return { csv, rows: rows.length };
}
