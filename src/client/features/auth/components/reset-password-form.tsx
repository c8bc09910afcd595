import { Link, useLocation, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '#shared/auth/auth.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useResetPassword } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  // E-mailed links carry the token in the fragment (never sent to the server); ?token= also works.
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? params.get('token') ?? '';
  const reset = useResetPassword();
  // The token is part of the request the schema checks, not a field the person fills in.
  const form = useZodForm(resetPasswordSchema, { defaultValues: { token, password: '', confirmPassword: '' } });
  const password = form.watch('password');
  const tokenError = form.formState.errors.token?.message;

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
      {!token || tokenError ? (
        <FormAlert>
          {tokenError && token ? tokenError : 'This password reset link is incomplete.'}{' '}
          <Link className="inline-link underline" to={paths.authForgotPassword.href()}>
            Request a new link
          </Link>
        </FormAlert>
      ) : null}
      <Form
        form={form}
        onValid={(values) => reset.mutate(values, { onError: (error) => applyServerErrors(form, error) })}
      >
        <Field
          name="password"
          label="New password"
          description={<PasswordStrengthMeter password={password} userInputs={[]} />}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder="Minimum 6 characters"
            required
            {...form.register('password')}
          />
        </Field>
        <Field name="confirmPassword" label="Confirm new password">
          <Input type="password" autoComplete="new-password" required {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" disabled={reset.isPending || !token}>
          {reset.isPending ? 'Resetting…' : 'Reset Password'}
        </Button>
      </Form>
    </AuthCard>
  );
}
