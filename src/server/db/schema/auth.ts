import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// Refresh tokens (docs/product/data.md jwt_tokens columns, plus family and hash). The token itself is never
// stored: only its SHA-256. A family is one sign-in; every refresh adds a member and marks the old
// one revoked with revokedBy 'rotated'. Revoking the family marks every live member revoked.
export const jwtTokens = pgTable(
  'jwt_tokens',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenType: text({ enum: ['refresh'] })
      .notNull()
      .default('refresh'),
    familyId: text().notNull(),
    tokenHash: text().notNull(),
    issuedAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    isRevoked: boolean().notNull().default(false),
    revokedAt: timestamptz(),
    revokedBy: text(),
    deviceInfo: text(),
    ipAddress: text(),
  },
  (t) => [
    uniqueIndex('jwt_tokens_hash_unique').on(t.tokenHash),
    index('jwt_tokens_family_live_idx')
      .on(t.familyId)
      .where(sql`${t.isRevoked} = false`),
    index('jwt_tokens_user_idx').on(t.userId),
  ],
);
export type JwtTokenRow = typeof jwtTokens.$inferSelect;

export const securityAuditLogs = pgTable(
  'security_audit_logs',
  {
    id: serial().primaryKey(),
    eventType: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    userEmail: text(),
    ipAddress: text(),
    userAgent: text(),
    action: text().notNull(),
    resource: text(),
    resourceId: text(),
    success: boolean().notNull(),
    errorMessage: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    severity: text({ enum: ['info', 'low', 'medium', 'high', 'critical'] })
      .notNull()
      .default('info'),
    sessionId: text(),
    requestId: text(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('security_audit_logs_user_idx').on(t.userId, t.createdAt)],
);

export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: serial().primaryKey(),
    alertType: text().notNull(),
    severity: text({ enum: ['low', 'medium', 'high', 'critical'] })
      .notNull()
      .default('medium'),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text(),
    description: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text({ enum: ['open', 'acknowledged', 'investigating', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedBy: integer(),
    resolvedAt: timestamptz(),
    resolutionNotes: text(),
    notificationsSent: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('security_alerts_status_idx').on(t.status, t.createdAt)],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text().notNull(),
    createdAt: timestamptz().notNull(),
    replacedAt: timestamptz(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash)],
);

export type AccessibilitySettings = { highContrast: boolean; reducedMotion: boolean; screenReaderOptimized: boolean };
export type NotificationPreferences = {
  resourceNotifications: boolean;
  /** 'immediate' and 'never' since ADR 027. */
  frequency: 'immediate' | 'daily' | 'weekly' | 'monthly' | 'never';
  /** Notification e-mail categories (src/shared/notifications); stored rows may hold older free text. */
  categories: string[];
  contributionUpdates: boolean;
};

// docs/product/data.md user_preferences, plus the theme (docs/product/screens.md: persisted theme choice).
export const userPreferences = pgTable('user_preferences', {
  id: serial().primaryKey(),
  userId: integer()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text(),
  theme: text({ enum: ['light', 'dark', 'system'] })
    .notNull()
    .default('dark'),
  onboardingCompleted: boolean().notNull().default(false),
  tourProgress: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  expandedSections: jsonb().$type<string[]>().notNull().default([]),
  keyboardShortcuts: jsonb().$type<Record<string, string | null>>().notNull().default({}),
  accessibilitySettings: jsonb()
    .$type<AccessibilitySettings>()
    .notNull()
    .default({ highContrast: false, reducedMotion: false, screenReaderOptimized: false }),
  notificationPreferences: jsonb()
    .$type<NotificationPreferences>()
    .notNull()
    .default({ resourceNotifications: true, frequency: 'weekly', categories: [], contributionUpdates: true }),
  createdAt: timestamptz().notNull().defaultNow(),
  updatedAt: timestamptz().notNull().defaultNow(),
});
export type UserPreferencesRow = typeof userPreferences.$inferSelect;

// A registration waiting for its e-mail link (docs/decisions/034). The account is created only when
// the link is opened, so the answer to POST /api/auth/register says nothing about whether the
// address already has an account. Rows for a taken address never get a token (the owner is sent a
// notice instead) and expire with the rest.
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    passwordStrengthScore: integer().notNull(),
    /** A path on this site to open after the link (an invitation), or null for home. */
    redirectTo: text(),
    tokenHash: text(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('pending_registrations_hash_unique').on(t.tokenHash),
    index('pending_registrations_expires_idx').on(t.expiresAt),
  ],
);
