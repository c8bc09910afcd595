import { z } from 'zod';

/** A row id in a path: a positive integer that fits PostgreSQL's integer column. */
export const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** `/:id` path parameters. */
export const idParamsSchema = z.object({ id: idSchema });
