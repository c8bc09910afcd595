import { z } from 'zod';

// Exports of an analysis (docs/product/sharing-and-exports.md): what each is called, and the monthly
// export count a user sees.

export const exportUsageSchema = z.object({
  /** Exports downloaded this calendar month (UTC). */
  used: z.number().int(),
  /** The monthly allowance; null = unlimited. */
  limit: z.number().int().nullable(),
});
export type ExportUsage = z.infer<typeof exportUsageSchema>;

/** The message of the 402 a free user gets over the monthly allowance (the upgrade prompt's 'export-limit'). */
export const EXPORT_LIMIT_MESSAGE =
  'Export limit reached. Free accounts can download 3 exports a month; upgrade to Pro for unlimited exports.';
