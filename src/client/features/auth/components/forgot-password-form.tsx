import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '#shared/auth/auth.schemas.ts';
import type { FieldErrors } from '#shared/api/errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useForgotPassword } from '../api/auth-api.ts';
import { AuthCard, FormAlert, TextField, formFields, validateWith } from './form-parts.tsx';

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { email } = formFields(event, ['email']);
    const errors = validateWith(forgotPasswordSchema, { email });
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) forgot.mutate({ email });
  };

  return (
    <AuthCard title="Forgot your password?" description="Enter your email and we'll send you a link to reset it.">
      {forgot.isSuccess ? (
        <FormAlert tone="success">
          {forgot.data.message ?? 'If an account exists for that email, we have sent a link to reset the password.'} The
          link works for 30 minutes.
        </FormAlert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {forgot.isError ? <FormAlert>{forgot.error.message}</FormAlert> : null}
          <TextField label="Email" type="email" name="email" autoComplete="email" error={fieldErrors.email} required />
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link className="text-primary underline underline-offset-4" to={paths.login.href()}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
