import { customType, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// Exports downloaded per user per calendar month (UTC "YYYY-MM"): the free plan's monthly allowance is
// counted here by one conditional upsert (docs/decisions/017-exports-and-sharing.md).
export const exportUsage = pgTable(
  'export_usage',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/** Binary data: a Buffer in code (PGlite hands back a Uint8Array, pg a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// Report branding (docs/decisions/028-report-branding.md): the company name and accent colour a paid
// account's reports carry, one row a user.
export const reportBranding = pgTable('report_branding', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text(),
  accentColor: text(),
  updatedAt: timestamptz().notNull().defaultNow(),
});

// The logo of the branding: one a user (replacing it keeps the row and changes updatedAt), checked as a
// PNG or JPEG before it is stored, and served back to its owner only.
export const reportLogos = pgTable('report_logos', {
  id: serial().primaryKey(),
  userId: integer()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  mimeType: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  bytes: integer().notNull(),
  data: bytea().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
});
export type ReportLogoRow = typeof reportLogos.$inferSelect;
