import { eq } from 'drizzle-orm';
import { passwordPolicySchema, type PasswordPolicy } from '#shared/admin/settings.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

// The password policy setting (one app_settings row). A missing or unreadable row is the default:
// passwords do not expire.

const PASSWORD_POLICY = 'password_policy';
const DEFAULT_POLICY: PasswordPolicy = { maxPasswordAgeDays: null };

export async function getPasswordPolicy(db: Database | Tx): Promise<PasswordPolicy> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.name, PASSWORD_POLICY));
  const parsed = passwordPolicySchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_POLICY;
}

/** Stores the policy and its audit row in one transaction. */
export async function setPasswordPolicy(options: {
  db: Database;
  adminId: number;
  policy: PasswordPolicy;
  now: Date;
  audit: (tx: Tx, previous: PasswordPolicy) => Promise<void>;
}): Promise<PasswordPolicy> {
  const { db, adminId, policy, now, audit } = options;
  return db.transaction(async (tx) => {
    const previous = await getPasswordPolicy(tx);
    await tx
      .insert(appSettings)
      .values({ name: PASSWORD_POLICY, value: policy, updatedBy: adminId, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.name, set: { value: policy, updatedBy: adminId, updatedAt: now } });
    await audit(tx, previous);
    return policy;
  });
}
