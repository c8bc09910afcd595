import { useState, type FormEvent } from 'react';
import { changePasswordSchema } from '#shared/auth/auth.schemas.ts';
import type { FieldErrors } from '#shared/api/errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-error.ts';
import { useChangePassword } from '../api/auth-api.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { AuthCard, FormAlert, TextField, validateWith } from './form-parts.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const user = useAuthStore((state) => state.user);
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateWith(changePasswordSchema, values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    change.mutate(values, {
      onSuccess: () => setValues(EMPTY),
      onError: (error) => {
        if (isApiError(error)) setFieldErrors(error.fieldErrors);
      },
    });
  };

  return (
    <AuthCard title="Change password" description="Your other sessions are signed out when the password changes.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {change.isSuccess ? <FormAlert tone="success">Your password has been changed.</FormAlert> : null}
        {change.isError && Object.keys(fieldErrors).length === 0 ? <FormAlert>{change.error.message}</FormAlert> : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={fieldErrors.currentPassword}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          placeholder="Minimum 6 characters"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={fieldErrors.newPassword}
          hint={
            <PasswordStrengthMeter password={values.newPassword} userInputs={[user?.email ?? '', user?.name ?? '']} />
          }
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={fieldErrors.confirmPassword}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Change Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
