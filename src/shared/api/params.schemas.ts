import { z } from 'zod';

/** The largest value of PostgreSQL's integer column (ids are serial). */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a path: a positive integer that fits PostgreSQL's integer column. */
export const idSchema = z.coerce.number().int().min(1).max(MAX_ROW_ID);

/** A row id in a JSON body. */
export const bodyIdSchema = z.number().int().min(1).max(MAX_ROW_ID);

/** Whether free text ("42") names a row id that can exist: digits only, within the integer column. */
export function isRowIdText(text: string | undefined): text is string {
  return text !== undefined && /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_ROW_ID;
}

/** `/:id` path parameters. */
export const idParamsSchema = z.object({ id: idSchema });
