import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Secrets the app generates for itself when none is configured (e.g. the JWT signing key), shared
// by every instance through the database so N stateless servers verify each other's tokens.
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
