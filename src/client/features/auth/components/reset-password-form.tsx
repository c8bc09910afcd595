import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '#shared/auth/auth.schemas.ts';
import type { FieldErrors } from '#shared/api/errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-error.ts';
import { useResetPassword } from '../api/auth-api.ts';
import { AuthCard, FormAlert, TextField, validateWith } from './form-parts.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  // E-mailed links carry the token in the fragment (never sent to the server); ?token= also works.
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? params.get('token') ?? '';
  const reset = useResetPassword();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateWith(resetPasswordSchema, { token, ...values });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    reset.mutate(
      { token, ...values },
      {
        onError: (error) => {
          if (isApiError(error)) setFieldErrors(error.fieldErrors);
        },
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password reset">
        <FormAlert tone="success">{reset.data.message ?? 'Your password has been reset.'}</FormAlert>
        <Button asChild>
          <Link to={paths.login.href()}>Sign In</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" description="Pick a password you have not used before.">
      {!token || fieldErrors.token ? (
        <FormAlert>
          {fieldErrors.token ?? 'This password reset link is incomplete.'}{' '}
          <Link className="underline" to={paths.authForgotPassword.href()}>
            Request a new link
          </Link>
        </FormAlert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          placeholder="Minimum 6 characters"
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          error={fieldErrors.password}
          hint={<PasswordStrengthMeter password={values.password} userInputs={[]} />}
          required
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
          error={fieldErrors.confirmPassword}
          required
        />
        <Button type="submit" disabled={reset.isPending || !token}>
          {reset.isPending ? 'Resetting…' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
