import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES, loginSchema } from '#shared/auth/auth.schemas.ts';
import type { FieldErrors } from '#shared/api/errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-error.ts';
import { useLogin } from '../api/auth-api.ts';
import { AuthCard, FormAlert, TextField, formFields, validateWith } from './form-parts.tsx';
import { SocialButtons } from './social-buttons.tsx';

/** The message the alert shows: the spec's text, except for the lock and throttle we added. */
function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && (error.code === 'ACCOUNT_LOCKED' || error.code === 'RATE_LIMITED')) return error.message;
  return AUTH_MESSAGES.loginFailed;
}

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin({ onSignedIn: () => void navigate(paths.home.href()) });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { email, password } = formFields(event, ['email', 'password']);
    const errors = validateWith(loginSchema, { email, password });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    login.mutate({ email, password });
  };

  return (
    <AuthCard title="Welcome back" description="Sign in to keep finding what's still unbuilt.">
      <SocialButtons mode="login" />
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {login.isError ? <FormAlert>{loginErrorMessage(login.error)}</FormAlert> : null}
        <TextField label="Email" type="email" name="email" autoComplete="email" error={fieldErrors.email} required />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          error={fieldErrors.password}
          required
        />
        <div className="text-right text-sm">
          <Link className="text-primary underline underline-offset-4" to={paths.authForgotPassword.href()}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link className="text-primary underline underline-offset-4" to={paths.register.href()}>
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
