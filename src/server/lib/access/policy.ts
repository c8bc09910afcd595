import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client.ts';
import { notFound } from '../platform/app-error.ts';
import type { Permission, Principal } from './principal.ts';

// Row-level access, one mechanism for every resource: a policy turns (principal, permission) into
// a SQL condition. Services put that condition in the WHERE of the query that reads or changes the
// row, so "not yours" and "does not exist" are the same 404 and no row is read first and checked
// after. Teams and shares are conditions here (memberOfTeam, ownedOrShared); the services that call
// them stay as they are.

export type ResourcePolicy = {
  /** What a 404 calls it: "The search could not be found." */
  label: string;
  table: PgTable;
  id: AnyPgColumn;
  /** The condition under which the principal may use a row with this permission. */
  condition: (principal: Principal, permission: Permission) => SQL;
};

const NO_ROWS = sql`false`;

/** Rows whose owner column is the principal's user. */
export function ownedBy(owner: AnyPgColumn): ResourcePolicy['condition'] {
  return (principal) => eq(owner, principal.userId);
}

/**
 * Rows of a team the principal's user belongs to (any role): `teamColumn` holds the team id. What a
 * role may do inside the team is the service's 403, after this condition's 404.
 */
export function memberOfTeam(teamColumn: AnyPgColumn): ResourcePolicy['condition'] {
  return (principal) =>
    sql`${teamColumn} in (select "team_id" from "team_members" where "user_id" = ${principal.userId})`;
}

const SHARE_FLAG: Record<Permission, SQL | null> = {
  read: sql`true`,
  comment: sql`s.can_comment`,
  write: sql`s.can_edit`,
  share: sql`s.can_share`,
  delete: null,
};

/** The idea_shares column naming what a share is about: an analysis or an idea. */
export type ShareSubjectColumn = 'search_id' | 'idea_id';

/**
 * An analysis (or idea) its owner may use, or one shared with the principal's user (directly, or
 * with a team they belong to) by a share that has not expired and grants the permission. A team
 * viewer only reads, whatever the share allows; deleting stays the owner's. Expiry is the
 * database's clock, so an expired share stops working on the very next request.
 */
export function ownedOrShared(
  owner: AnyPgColumn,
  id: AnyPgColumn,
  subject: ShareSubjectColumn = 'search_id',
): ResourcePolicy['condition'] {
  return (principal, permission) => {
    const flag = SHARE_FLAG[permission];
    if (!flag) return eq(owner, principal.userId);
    const roles = permission === 'read' ? sql`true` : sql`m.role <> 'viewer'`;
    return sql`(${owner} = ${principal.userId} or ${id} in (
      select s.${sql.identifier(subject)} from idea_shares s
      where s.${sql.identifier(subject)} is not null and (s.expires_at is null or s.expires_at > now()) and ${flag}
        and (s.shared_with = ${principal.userId}
          or s.team_id in (select m.team_id from team_members m where m.user_id = ${principal.userId} and ${roles}))))`;
  };
}

/** Rows reachable through their parent: a search's results are the search owner's. */
export function throughParent(parent: ResourcePolicy, foreignKey: AnyPgColumn): ResourcePolicy['condition'] {
  return (principal, permission) =>
    sql`${foreignKey} in (select ${parent.id} from ${parent.table} where ${parent.condition(principal, permission)})`;
}

/** The WHERE fragment for a scoped query: rows of `resource` this principal may use this way. */
export function accessible(resource: ResourcePolicy, principal: Principal, permission: Permission): SQL {
  return resource.condition(principal, permission);
}

/** `id = ? AND accessible(…)`: one row of the resource, if this principal may use it. */
export function accessibleRow(
  resource: ResourcePolicy,
  id: number | string,
  principal: Principal,
  permission: Permission,
): SQL {
  return and(eq(resource.id, id), accessible(resource, principal, permission)) ?? NO_ROWS;
}

/** Throws 404 unless the row exists and this principal may use it this way. */
export async function assertCanAccess(options: {
  db: Database | Tx;
  resource: ResourcePolicy;
  id: number | string;
  principal: Principal;
  permission: Permission;
}): Promise<void> {
  const { db, resource, id, principal, permission } = options;
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(resource.table)
    .where(accessibleRow(resource, id, principal, permission))
    .limit(1);
  if (!row) throw notFound(resource.label);
}
