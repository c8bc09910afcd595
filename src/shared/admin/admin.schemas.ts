import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../api/list.schemas.ts';
import { PLAN_IDS } from '../plans/plans.constants.ts';

// The admin console's contract (/api/admin/*): users, security alerts, the audit log and settings.
// Feature flags and the contribution queue keep their own contracts (flags, resources).

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

// ---------------------------------------------------------------- users

export const adminUserListQuerySchema = listQuerySchema().extend({
  /** Part of an e-mail or a name. */
  q: optionalText(200),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  /** The effective plan now (a trial counts as Pro). */
  plan: z.enum(PLAN_IDS),
  subscriptionStatus: z.string(),
  isActive: z.boolean(),
  failedLoginAttempts: z.number().int(),
  forcePasswordChange: z.boolean(),
  lastPasswordChange: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageSchema(adminUserSchema);

// No 'unlock': failed sign-ins never lock an account (ADR 031), so there is nothing to unlock.
export const ADMIN_USER_ACTIONS = ['force-password-change', 'disable', 'enable'] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];
export const adminUserActionParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  action: z.enum(ADMIN_USER_ACTIONS),
});

export const adminPlanChangeSchema = z.object({
  plan: z.enum(PLAN_IDS, 'Choose a plan'),
});

// ---------------------------------------------------------------- security alerts

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export const ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;

export const alertListQuerySchema = listQuerySchema().extend({
  status: z.enum(ALERT_STATUSES).optional(),
  severity: z.enum(ALERT_SEVERITIES).optional(),
  alertType: optionalText(100),
});
export type AlertListQuery = z.output<typeof alertListQuerySchema>;

export const securityAlertSchema = z.object({
  id: z.number().int(),
  alertType: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  userId: z.number().int().nullable(),
  ipAddress: z.string().nullable(),
  description: z.string(),
  /** Rows written before triage existed may say 'investigating' or 'dismissed'. */
  status: z.string(),
  resolutionNotes: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityAlert = z.infer<typeof securityAlertSchema>;
export const securityAlertPageSchema = pageSchema(securityAlertSchema);

export const ALERT_NOTES_MAX = 2000;
export const alertTriageSchema = z
  .object({
    status: z.enum(['acknowledged', 'resolved'], 'Choose acknowledged or resolved'),
    notes: z.string().trim().max(ALERT_NOTES_MAX, `Use at most ${ALERT_NOTES_MAX} characters`).default(''),
  })
  .refine((value) => value.status !== 'resolved' || value.notes.length > 0, {
    path: ['notes'],
    message: 'Say how the alert was resolved',
  });
export type AlertTriage = z.input<typeof alertTriageSchema>;

// ---------------------------------------------------------------- audit log

/** A calendar date from year 1 (PostgreSQL has no year 0; "2026-02-31" is not a day). */
function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.toISOString().startsWith(text);
}

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine(isCalendarDate, 'Use a date like 2026-01-31')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const auditFilterSchema = z.object({
  /** A user id or part of an e-mail. */
  user: optionalText(200),
  event: optionalText(100),
  from: dateOnly,
  to: dateOnly,
  ip: optionalText(64),
  requestId: optionalText(100),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;
export const auditListQuerySchema = listQuerySchema({ defaultPageSize: 50 }).extend(auditFilterSchema.shape);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  eventType: z.string(),
  action: z.string(),
  success: z.boolean(),
  severity: z.string(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  resource: z.string().nullable(),
  resourceId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  requestId: z.string().nullable(),
  errorMessage: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);

/** Rows in one CSV export of the audit log (the newest first). */
export const AUDIT_CSV_LIMIT = 10_000;
