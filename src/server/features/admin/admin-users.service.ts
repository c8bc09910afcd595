import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUserAction, AdminUserListQuery } from '#shared/admin/admin.schemas.ts';
import type { Page } from '#shared/api/list.schemas.ts';
import { isRowIdText } from '#shared/api/params.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { securityAuditLogs, users, type UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { paginate } from '../../lib/http/paginate.ts';
import { escapeLike } from '../../lib/platform/sql-like.ts';
import { type AdminAuditEvent } from '../../lib/domain/security-audit.ts';
import { revokeUserFamilies } from '../../lib/domain/session-families.ts';

// Users as the console sees them, and the three account actions (force a password change, disable,
// enable). Each action is one conditional UPDATE plus its audit row, in one transaction. There is no
// unlock: failed sign-ins never lock an account (ADR 031).

type Row = { user: UserRow; lastSignInAt: Date | string | null };

// Qualified by hand: inside the subquery an unqualified "id" would be the audit row's own id.
const lastSignIn = sql<Date | string | null>`(select max(a.created_at) from ${securityAuditLogs} a
  where a.user_id = ${sql.raw('"users"."id"')} and a.event_type = 'login_success')`;

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toAdminUser(row: Row, now: Date): AdminUser {
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    plan: effectivePlan(user, now),
    subscriptionStatus: user.subscriptionStatus,
    isActive: user.isActive,
    failedLoginAttempts: user.failedLoginAttempts,
    forcePasswordChange: user.forcePasswordChange,
    lastPasswordChange: iso(user.lastPasswordChange),
    lastSignInAt: iso(row.lastSignInAt),
    createdAt: user.createdAt.toISOString(),
  };
}

export async function listAdminUsers(options: {
  db: Database;
  query: AdminUserListQuery;
  now: Date;
}): Promise<Page<AdminUser>> {
  const { db, query, now } = options;
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const where: SQL | undefined = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        isRowIdText(query.q) ? eq(users.id, Number(query.q)) : undefined,
      )
    : undefined;
  const page = await paginate({
    query,
    keyset: [{ column: users.id, direction: 'desc', value: (r: Row) => r.user.id }],
    fetch: ({ limit, offset, after }) =>
      db
        .select({ user: users, lastSignInAt: lastSignIn })
        .from(users)
        .where(and(where, after))
        .orderBy(desc(users.id))
        .limit(limit)
        .offset(offset),
  });
  return { ...page, items: page.items.map((row) => toAdminUser(row, now)) };
}

export async function getAdminUser(db: Database | Tx, id: number, now: Date): Promise<AdminUser> {
  const [row] = await db.select({ user: users, lastSignInAt: lastSignIn }).from(users).where(eq(users.id, id));
  if (!row) throw notFound('This user');
  return toAdminUser(row, now);
}

const EVENT_OF: Record<AdminUserAction, AdminAuditEvent> = {
  'force-password-change': 'admin.user_force_password_change',
  disable: 'admin.user_disable',
  enable: 'admin.user_enable',
};

function changeFor(action: AdminUserAction, now: Date): Partial<UserRow> {
  switch (action) {
    case 'force-password-change':
      return { forcePasswordChange: true, updatedAt: now };
    case 'disable':
      return { isActive: false, updatedAt: now };
    case 'enable':
      return { isActive: true, updatedAt: now };
  }
}

/**
 * Applies one account action and writes its audit row in the same transaction. An admin cannot
 * disable their own account (the console would lock its only operator out).
 */
export async function applyUserAction(options: {
  db: Database;
  adminId: number;
  userId: number;
  action: AdminUserAction;
  now: Date;
  audit: (tx: Tx, event: AdminAuditEvent) => Promise<void>;
}): Promise<AdminUser> {
  const { db, adminId, userId, action, now, audit } = options;
  if (action === 'disable' && userId === adminId) {
    throw new AppError('CONFLICT', 'You cannot disable your own account.');
  }
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set(changeFor(action, now))
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw notFound('This user');
    // A disabled account's sessions end now: its refresh tokens cannot mint another access token.
    if (action === 'disable') await revokeUserFamilies({ db: tx, userId, reason: 'disabled_by_admin', now });
    await audit(tx, EVENT_OF[action]);
    return getAdminUser(tx, userId, now);
  });
}
