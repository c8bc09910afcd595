import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  SHARE_LINK_EXPIRY_MS,
  SHARE_TOKEN_BYTES,
  type ShareLinkDto,
  type ShareLinkExpiry,
  type SharedAnalysis,
} from '#shared/sharing/sharing.schemas.ts';
import type { Database } from '../../db/client.ts';
import { shareLinks, type ShareLinkRow } from '../../db/schema/index.ts';
import { accessible, accessibleRow, assertCanAccess } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { searchResource, shareLinkResource } from '../../lib/access/resources.ts';
import { loadAnalysisSnapshot } from '../../lib/domain/analysis-snapshot.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';

// Share links: 256 random bits per token, an optional expiry, revocation, and a view count that
// one conditional UPDATE increments (so concurrent views are all counted and an expired or revoked
// link counts nothing and shows nothing).

/** A fresh token: 32 random bytes, base64url (43 characters). */
export function newShareToken(): string {
  return randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
}

function stateOf(row: ShareLinkRow, now: Date): ShareLinkDto['state'] {
  if (!row.active) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toShareLinkDto(row: ShareLinkRow, now: Date): ShareLinkDto {
  return {
    id: row.id,
    searchId: row.searchId,
    token: row.token,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    viewCount: row.viewCount,
    lastAccessedAt: row.lastAccessedAt?.toISOString() ?? null,
    state: stateOf(row, now),
  };
}

export async function createShareLink(options: {
  db: Database;
  principal: Principal;
  userId: number;
  searchId: number;
  expiresIn: ShareLinkExpiry;
  now: Date;
}): Promise<ShareLinkDto> {
  const { db, principal, userId, searchId, expiresIn, now } = options;
  await assertCanAccess({ db, resource: searchResource, id: searchId, principal, permission: 'read' });
  const ttl = SHARE_LINK_EXPIRY_MS[expiresIn];
  const [row] = await db
    .insert(shareLinks)
    .values({
      userId,
      searchId,
      token: newShareToken(),
      createdAt: now,
      expiresAt: ttl === null ? null : new Date(now.getTime() + ttl),
    })
    .returning();
  if (!row) throw new Error('The share link was not stored.');
  return toShareLinkDto(row, now);
}

/** The links of one of the principal's analyses, newest first (revoked and expired ones included). */
export async function listShareLinks(options: {
  db: Database;
  principal: Principal;
  searchId: number;
  now: Date;
}): Promise<ShareLinkDto[]> {
  const { db, principal, searchId, now } = options;
  await assertCanAccess({ db, resource: searchResource, id: searchId, principal, permission: 'read' });
  const rows = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.searchId, searchId), accessible(shareLinkResource, principal, 'read')))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((row) => toShareLinkDto(row, now));
}

/** Revokes a link for good (idempotent for its owner; another user's id is a 404). */
export async function revokeShareLink(options: {
  db: Database;
  principal: Principal;
  id: number;
  now: Date;
}): Promise<ShareLinkDto> {
  const { db, principal, id, now } = options;
  const [row] = await db
    .update(shareLinks)
    .set({ active: false })
    .where(accessibleRow(shareLinkResource, id, principal, 'write'))
    .returning();
  if (!row) throw notFound(shareLinkResource.label);
  return toShareLinkDto(row, now);
}

const GONE_MESSAGES = {
  expired: 'This share link has expired. Ask the person who sent it for a new link.',
  revoked: 'This share link was turned off by the person who shared it.',
} as const;

/**
 * Opens a shared analysis: counts the view and stamps the access in one conditional UPDATE that
 * only matches a live link, then reads the analysis it names. A dead link counts nothing.
 */
export async function openSharedAnalysis(options: { db: Database; token: string; now: Date }): Promise<SharedAnalysis> {
  const { db, token, now } = options;
  const [link] = await db
    .update(shareLinks)
    .set({ viewCount: sql`${shareLinks.viewCount} + 1`, lastAccessedAt: now })
    .where(
      and(
        eq(shareLinks.token, token),
        eq(shareLinks.active, true),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
      ),
    )
    .returning({ searchId: shareLinks.searchId, expiresAt: shareLinks.expiresAt });
  if (!link) {
    const [dead] = await db.select().from(shareLinks).where(eq(shareLinks.token, token));
    if (!dead) throw new AppError('NOT_FOUND', 'This share link does not exist. Check that it was copied in full.');
    const state = stateOf(dead, now);
    throw new AppError('GONE', GONE_MESSAGES[state === 'revoked' ? 'revoked' : 'expired']);
  }
  const snapshot = await loadAnalysisSnapshot(db, link.searchId);
  if (!snapshot) throw new AppError('NOT_FOUND', 'This share link does not exist. Check that it was copied in full.');
  return {
    query: snapshot.query,
    timestamp: snapshot.timestamp.toISOString(),
    filters: snapshot.filters,
    analysis: snapshot.analysis,
    results: snapshot.opportunities,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    whatChanged: snapshot.whatChanged,
  };
}
