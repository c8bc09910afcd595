import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AnalyticsEventType } from '#shared/analytics/analytics.constants.ts';
import type { Database } from '../../db/client.ts';
import { analyticsEvents, users } from '../../db/schema/index.ts';
import { requestMeta } from '../http/request-meta.ts';

// Product analytics events, for every feature (docs/product/analytics.md). One INSERT … SELECT that
// reads the user's opt-out in the same statement: once `analyticsOptOut` is committed, no later event
// is written, with no read-then-write gap. Recording never fails the user's request.

export type EventMetadata = Record<string, string | number | boolean | null>;

export async function writeEvent(options: {
  db: Database;
  userId: number;
  type: AnalyticsEventType;
  metadata?: EventMetadata;
  userAgent: string | null;
  sessionId: string | null;
  now: Date;
}): Promise<boolean> {
  const { db, userId, type } = options;
  const rows = await db
    .insert(analyticsEvents)
    .select(
      db
        .select({
          // nextval is a bigint (a string in node-postgres); the serial column is an int, as is the cast.
          id: sql<number>`nextval('analytics_events_id_seq')::int`.as('id'),
          eventType: sql`${type}`.as('event_type'),
          userId: users.id,
          metadata: sql`${JSON.stringify(options.metadata ?? {})}::jsonb`.as('metadata'),
          ipAddress: sql`null`.as('ip_address'),
          userAgent: sql`${options.userAgent}`.as('user_agent'),
          sessionId: sql`${options.sessionId}`.as('session_id'),
          createdAt: sql`${options.now.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.analyticsOptOut, false))),
    )
    .returning({ id: analyticsEvents.id });
  return rows.length > 0;
}

/** Records an event for the signed-in user of a request: its user agent and sign-in session. */
export async function recordEvent(
  request: FastifyRequest,
  type: AnalyticsEventType,
  metadata?: EventMetadata,
): Promise<boolean> {
  const auth = request.auth;
  if (!auth) return false;
  const { db, clock } = request.server.deps;
  try {
    return await writeEvent({
      db,
      userId: auth.user.id,
      type,
      metadata,
      userAgent: requestMeta(request).userAgent,
      sessionId: auth.familyId ?? null,
      now: clock.now(),
    });
  } catch (error) {
    request.log.warn({ err: error, type }, 'analytics event not recorded');
    return false;
  }
}
