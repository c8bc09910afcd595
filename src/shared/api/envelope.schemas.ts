import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

// The response envelope every /api route answers with, as zod schemas: the server declares them per
// status (and validates what it sends against them), the client parses what it receives with the
// same ones, and the OpenAPI document is generated from them.

/** `{ success: true, data, message? }` around a route's data schema. */
export function ok<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** `{ success: false, code, message, fieldErrors? }`: every 4xx and 5xx answer. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});

/** Data of a route that answers with nothing but the envelope (logout, password reset…). */
export const noDataSchema = z.null();
