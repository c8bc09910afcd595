import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

/**
 * The configured secret when there is one; otherwise one generated secret stored in the database under
 * `name`, so every instance of the app uses the same (the JWT key, the bundle-signing key…).
 */
export async function resolveAppSecret(db: Database, name: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(48).toString('base64url');
  await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Could not read the ${name} secret`);
  return row.value;
}
