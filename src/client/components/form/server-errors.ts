import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '#client/lib/api-error.ts';

/**
 * Shows the server's field errors (a common or reused password, a taken e-mail…) on the form's
 * fields. Returns whether there were any, so the caller can fall back to a general message.
 */
export function applyServerErrors<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, unknown>,
  error: unknown,
): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries(error.fieldErrors);
  for (const [name, message] of entries) form.setError(name as Path<Input>, { type: 'server', message });
  return entries.length > 0;
}
