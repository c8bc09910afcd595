import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, loginSchema } from '#shared/auth/auth.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-error.ts';
import { redirectTarget } from '#client/lib/redirect-target.ts';
import { useLogin } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { SocialButtons } from './social-buttons.tsx';

/** The message the alert shows: the product's text, except for the throttle we added (failed sign-ins never lock: ADR 031). */
function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'RATE_LIMITED') return error.message;
  return AUTH_MESSAGES.loginFailed;
}

export function LoginForm() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const login = useLogin({ onSignedIn: () => void navigate(redirectTarget(search, paths.home.href())) });
  const form = useZodForm(loginSchema, { defaultValues: { email: '', password: '' } });

  return (
    <AuthCard title="Welcome back" description="Sign in to keep finding what's still unbuilt.">
      <SocialButtons mode="login" />
      <Form form={form} readFieldsOnSubmit onValid={(values) => login.mutate(values)}>
        {login.isError ? <FormAlert>{loginErrorMessage(login.error)}</FormAlert> : null}
        <Field name="email" label="Email">
          <Input type="email" autoComplete="email" required {...form.register('email')} />
        </Field>
        <Field name="password" label="Password">
          <Input type="password" autoComplete="current-password" required {...form.register('password')} />
        </Field>
        <div className="text-right text-sm">
          <Link className={textLinkClass} to={paths.authForgotPassword.href()}>
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link className="inline-link text-primary underline underline-offset-4" to={paths.register.href()}>
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
