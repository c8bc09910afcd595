import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES, registerRequestSchema } from '#shared/auth/auth.schemas.ts';
import type { FieldErrors } from '#shared/api/errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-error.ts';
import { useRegister } from '../api/auth-api.ts';
import { AuthCard, FormAlert, TextField, validateWith } from './form-parts.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister({ onSignedIn: () => void navigate(paths.home.href()) });
  const [values, setValues] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateWith(registerRequestSchema, values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    register.mutate(values, {
      // Server-side rules (a common or reused password) come back per field.
      onError: (error) => {
        if (isApiError(error)) setFieldErrors(error.fieldErrors);
      },
    });
  };

  return (
    <AuthCard title="Create your account" description="Start finding the gaps nobody has filled yet.">
      <SocialButtons mode="register" />
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {register.isError ? <FormAlert>{AUTH_MESSAGES.registrationFailed}</FormAlert> : null}
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={fieldErrors.name}
          required
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={fieldErrors.email}
          required
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          placeholder="Minimum 6 characters"
          value={values.password}
          onChange={set('password')}
          error={fieldErrors.password}
          hint={<PasswordStrengthMeter password={values.password} userInputs={[values.email, values.name]} />}
          required
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={fieldErrors.confirmPassword}
          required
        />
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? 'Creating account…' : 'Create Account'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link className="text-primary underline underline-offset-4" to={paths.login.href()}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
