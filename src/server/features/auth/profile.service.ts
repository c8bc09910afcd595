import { eq } from 'drizzle-orm';
import type { ProfileUpdateInput } from '#shared/auth/auth.schemas.ts';
import { joinName } from '#shared/auth/display-name.ts';
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
  // One name: a change of first or last name rewrites the full name from both (display-name.ts).
  const isSplitNameChange = firstName !== undefined || lastName !== undefined;
  const nextFirst = firstName !== undefined ? firstName || null : user.firstName;
  const nextLast = lastName !== undefined ? lastName || null : user.lastName;
  const nextName = isSplitNameChange ? (joinName(nextFirst, nextLast) ?? user.name) : name;
  const [updated] = await db
    .update(users)
    .set({
      ...(nextName !== undefined ? { name: nextName } : {}),
      ...(firstName !== undefined ? { firstName: nextFirst } : {}),
      ...(lastName !== undefined ? { lastName: nextLast } : {}),
      ...(avatar !== undefined ? { avatar: avatar || null } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}
