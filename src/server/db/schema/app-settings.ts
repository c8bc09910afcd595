import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// Settings an admin changes at run time (the maximum password age…): one row per setting, its value
// as JSON checked by the setting's zod schema when read (src/shared/admin/settings.schemas.ts).
export const appSettings = pgTable('app_settings', {
  name: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamptz().notNull().defaultNow(),
});
