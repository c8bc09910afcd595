import { eq } from 'drizzle-orm';
import {
  DEFAULT_ACCENT,
  type Branding,
  type BrandingSettings,
  type LogoType,
} from '#shared/exports/branding.schemas.ts';
import type { Database } from '../../db/client.ts';
import { reportBranding, reportLogos, type UserRow } from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { reportLogoResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { hasPlan } from '../../lib/http/plan-guard.ts';
import { readLogoImage } from './logo-image.logic.ts';

// Report branding kept with the account (docs/decisions/028-report-branding.md). Writing it is a paid
// feature (the routes' plan guard); reading and removing it are not, so a downgraded account still sees
// and can delete what it stored. Exports apply it only while the plan includes `customReports`.

/** What a report draws instead of "Unbuilt": null when the report is unbranded. */
export type ReportBranding = {
  companyName: string | null;
  accentColor: string;
  logo: { data: Buffer; mimeType: LogoType; width: number; height: number } | null;
};

type UserOptions = { db: Database; user: UserRow; now: Date };

function isApplied(user: UserRow, now: Date): boolean {
  return hasPlan(user, now, 'customReports');
}

export async function readBranding({ db, user, now }: UserOptions): Promise<Branding> {
  const [row] = await db.select().from(reportBranding).where(eq(reportBranding.userId, user.id));
  const [logo] = await db
    .select({
      id: reportLogos.id,
      mimeType: reportLogos.mimeType,
      width: reportLogos.width,
      height: reportLogos.height,
      bytes: reportLogos.bytes,
      updatedAt: reportLogos.updatedAt,
    })
    .from(reportLogos)
    .where(eq(reportLogos.userId, user.id));
  return {
    companyName: row?.companyName ?? null,
    accentColor: row?.accentColor ?? null,
    logo: logo ? { ...logo, mimeType: logo.mimeType as LogoType, updatedAt: logo.updatedAt.toISOString() } : null,
    isApplied: isApplied(user, now),
  };
}

/** `input` as brandingUpdateSchema parsed it (trimmed, empty name as null, colour lower-cased and contrast-checked). */
export async function updateBranding(options: UserOptions & { input: BrandingSettings }): Promise<Branding> {
  const { db, user, now, input } = options;
  const values = { companyName: input.companyName ?? null, accentColor: input.accentColor ?? null, updatedAt: now };
  await db
    .insert(reportBranding)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: reportBranding.userId, set: values });
  return readBranding(options);
}

export async function uploadLogo(options: UserOptions & { base64: string }): Promise<Branding> {
  const { db, user, now } = options;
  const data = Buffer.from(options.base64, 'base64');
  if (data.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Choose an image file', { data: 'Choose an image file' });
  const image = readLogoImage(data);
  const values = { ...image, bytes: data.length, data, updatedAt: now };
  await db
    .insert(reportLogos)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: reportLogos.userId, set: values });
  return readBranding(options);
}

export async function removeLogo(options: UserOptions): Promise<Branding> {
  await options.db.delete(reportLogos).where(eq(reportLogos.userId, options.user.id));
  return readBranding(options);
}

/** The logo file, to its owner only (another user's id is a 404 like every owner-only id). */
export async function logoFile(options: { db: Database; principal: Principal; id: number }) {
  const [row] = await options.db
    .select({ mimeType: reportLogos.mimeType, data: reportLogos.data })
    .from(reportLogos)
    .where(accessibleRow(reportLogoResource, options.id, options.principal, 'read'));
  if (!row) throw notFound(reportLogoResource.label);
  return row;
}

/** The branding an export draws now: null on a plan without branded reports, or when nothing is set. */
export async function brandingForExport({ db, user, now }: UserOptions): Promise<ReportBranding | null> {
  if (!isApplied(user, now)) return null;
  const [row] = await db.select().from(reportBranding).where(eq(reportBranding.userId, user.id));
  const [logo] = await db.select().from(reportLogos).where(eq(reportLogos.userId, user.id));
  if (!row?.companyName && !row?.accentColor && !logo) return null;
  return {
    companyName: row?.companyName ?? null,
    accentColor: row?.accentColor ?? DEFAULT_ACCENT,
    logo: logo
      ? { data: logo.data, mimeType: logo.mimeType as LogoType, width: logo.width, height: logo.height }
      : null,
  };
}
