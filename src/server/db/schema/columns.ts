import { timestamp } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` column read as a Date: the one timestamp column type of the schema. */
export const timestamptz = () => timestamp({ withTimezone: true, mode: 'date' });
