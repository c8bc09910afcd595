import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Secrets the app generates for itself when none is configured (e.g. the JWT signing key), shared
// by every instance through the database so N stateless servers verify each other's tokens.
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamptz().notNull().defaultNow(),
});
