import { z } from 'zod';
import { accentContrastProblem } from './contrast.ts';

// Report branding (Pro and Enterprise, `customReports` in the plan table): a company name, an accent colour
// and a logo, kept with the account and drawn on the PDF reports and the pitch deck instead of "Unbuilt".
// docs/decisions/028-report-branding.md.

export const COMPANY_NAME_MAX = 100;
export const LOGO_MAX_BYTES = 512 * 1024;
/** A logo's sides, in pixels (the upper bound also refuses decompression bombs before any pixel is inflated). */
export const LOGO_MIN_SIDE = 16;
export const LOGO_MAX_SIDE = 4096;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
/** The accent colour of an unbranded report (and of a branded one that sets none). */
export const DEFAULT_ACCENT = '#4f46e5';

export const LOGO_TOO_LARGE_MESSAGE = `The logo must be ${LOGO_MAX_BYTES / 1024} kB or smaller.`;
export const LOGO_TYPE_MESSAGE = 'The logo must be a PNG or JPEG image.';

/** `#RRGGBB`, lower-cased, dark enough for white text; empty means the default colour (null). */
const accentColorSchema = z
  .string({ message: 'Accent colour must be a colour like #4F46E5' })
  .trim()
  .refine((value) => value === '' || /^#[0-9a-fA-F]{6}$/.test(value), 'Accent colour must be a colour like #4F46E5')
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .superRefine((value, ctx) => {
    const problem = value === null ? null : accentContrastProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const companyNameSchema = z
  .string({ message: 'Company name must be text' })
  .trim()
  .max(COMPANY_NAME_MAX, `Company name must be ${COMPANY_NAME_MAX} characters or less`)
  // Control characters (Unicode's Cc: U+0000–U+001F and U+007F–U+009F) are what this refuses.
  .refine((value) => !/\p{Cc}/u.test(value), 'Company name must be a single line of text')
  .transform((value) => (value === '' ? null : value));

export const brandingUpdateSchema = z.strictObject({
  /** Empty or null: no company name on the reports. */
  companyName: companyNameSchema.nullable(),
  /** Empty or null: the default accent colour. */
  accentColor: accentColorSchema.nullable(),
});
export type BrandingUpdate = z.input<typeof brandingUpdateSchema>;
export type BrandingSettings = z.output<typeof brandingUpdateSchema>;

/** Base64 characters a logo of LOGO_MAX_BYTES takes. */
const LOGO_MAX_BASE64 = Math.ceil(LOGO_MAX_BYTES / 3) * 4;

export const logoUploadSchema = z.strictObject({
  /** The image file, base64-encoded (no data: prefix). */
  data: z
    .string({ message: 'Choose an image file' })
    .min(1, 'Choose an image file')
    .max(LOGO_MAX_BASE64, LOGO_TOO_LARGE_MESSAGE)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The logo must be sent as base64'),
});

export const brandingLogoSchema = z.object({
  id: z.number().int(),
  mimeType: z.enum(LOGO_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  updatedAt: z.string(),
});
export type BrandingLogo = z.infer<typeof brandingLogoSchema>;

export const brandingSchema = z.object({
  companyName: z.string().nullable(),
  accentColor: z.string().nullable(),
  logo: brandingLogoSchema.nullable(),
  /** Whether exports use it now: on a paid plan. A free account's stored branding waits for an upgrade. */
  isApplied: z.boolean(),
});
export type Branding = z.infer<typeof brandingSchema>;
