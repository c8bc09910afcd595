// The one place that turns a user's name fields into what screens show (issue 13: the header, the account
// menu, the profile heading and the welcome pill each had their own rule and disagreed after an edit).
// `name` is kept equal to first + last name by the server whenever either changes (profile.service.ts).

type NameFields = { name: string | null; firstName: string | null; lastName: string | null; email: string };

function emailLocalPart(email: string): string {
  return email.split('@')[0] || email;
}

/** The full name: first and last name, else the stored name, else the e-mail before the @. */
export function fullName(user: NameFields): string {
  const joined = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return joined || user.name?.trim() || emailLocalPart(user.email);
}

/** docs/product/overview.md: greet by first name, else the e-mail, else 'User'. */
export function greetingName(user: Pick<NameFields, 'firstName' | 'email'> | null): string {
  return user?.firstName?.trim() || user?.email || 'User';
}

/** The stored full name for a first and last name (null when both are empty). */
export function joinName(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ') || null;
}
