import { eq } from 'drizzle-orm';
import type { ProfileUpdateInput } from '#shared/auth/auth.schemas.ts';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

/** Changes the profile fields the user sent (and no other column: the schema is the allow-list). */
export async function updateProfile(options: {
  db: Database;
  user: UserRow;
  input: ProfileUpdateInput;
  now: Date;
}): Promise<UserRow> {
  const { db, user, input, now } = options;
  const { name, firstName, lastName, avatar } = input;
  const [updated] = await db
    .update(users)
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(firstName !== undefined ? { firstName: firstName || null } : {}),
      ...(lastName !== undefined ? { lastName: lastName || null } : {}),
      ...(avatar !== undefined ? { avatar: avatar || null } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}
