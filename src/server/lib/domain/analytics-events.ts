import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AnalyticsEventType } from '#shared/analytics/analytics.constants.ts';
import type { Database } from '../../db/client.ts';
import { analyticsEvents, users } from '../../db/schema/index.ts';
import { requestMeta } from '../http/request-meta.ts';

// Product analytics events, for every feature (docs/product/analytics.md). One INSERT … SELECT that
// reads the user's opt-out in the same statement: once `analyticsOptOut` is committed, no later event
// is written, with no read-then-write gap. Recording on its own (recordEvent) never fails the user's
// request; an event written by the statement that stores what it names (a search, ADR 059) commits
// with it or not at all.

export type EventMetadata = Record<string, string | number | boolean | null>;

/** Who an event is recorded for, beside the user: the request's user agent and sign-in session. */
export type EventSource = { userAgent: string | null; sessionId: string | null };

/**
 * The INSERT … SELECT of one event, written only while the user has not opted out. `metadata` is a
 * jsonb SQL expression, so a statement that creates the thing the event names can put its new id in
 * (persist-analysis.service.ts records `search_run` in the statement that stores the search).
 */
export function eventInsert(
  db: Database,
  options: EventSource & { userId: number; type: AnalyticsEventType; metadata: SQL; now: Date },
) {
  return db.insert(analyticsEvents).select(
    db
      .select({
        // nextval is a bigint (a string in node-postgres); the serial column is an int, as is the cast.
        id: sql<number>`nextval('analytics_events_id_seq')::int`.as('id'),
        eventType: sql`${options.type}`.as('event_type'),
        userId: users.id,
        metadata: sql`${options.metadata}`.as('metadata'),
        ipAddress: sql`null`.as('ip_address'),
        userAgent: sql`${options.userAgent}`.as('user_agent'),
        sessionId: sql`${options.sessionId}`.as('session_id'),
        createdAt: sql`${options.now.toISOString()}::timestamptz`.as('created_at'),
      })
      .from(users)
      .where(and(eq(users.id, options.userId), eq(users.analyticsOptOut, false))),
  );
}

export async function writeEvent(
  options: EventSource & {
    db: Database;
    userId: number;
    type: AnalyticsEventType;
    metadata?: EventMetadata;
    now: Date;
  },
): Promise<boolean> {
  const metadata = sql`${JSON.stringify(options.metadata ?? {})}::jsonb`;
  const rows = await eventInsert(options.db, { ...options, metadata }).returning({ id: analyticsEvents.id });
  return rows.length > 0;
}

/** The user agent and sign-in session of a signed-in request; null without a signed-in user. */
export function eventSourceOf(request: FastifyRequest): EventSource | null {
  const auth = request.auth;
  if (!auth) return null;
  return { userAgent: requestMeta(request).userAgent, sessionId: auth.familyId ?? null };
}

/** Records an event for the signed-in user of a request: its user agent and sign-in session. */
export async function recordEvent(
  request: FastifyRequest,
  type: AnalyticsEventType,
  metadata?: EventMetadata,
): Promise<boolean> {
  const source = eventSourceOf(request);
  if (!source || !request.auth) return false;
  const { db, clock } = request.server.deps;
  try {
    return await writeEvent({ db, userId: request.auth.user.id, type, metadata, ...source, now: clock.now() });
  } catch (error) {
    request.log.warn({ err: error, type }, 'analytics event not recorded');
    return false;
  }
}
