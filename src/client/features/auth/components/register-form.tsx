import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, registerRequestSchema } from '#shared/auth/auth.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { redirectTarget } from '#client/lib/redirect-target.ts';
import { useRegister } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function RegisterForm() {
  const navigate = useNavigate();
  const { search } = useLocation();
  // An invitation link sends a new visitor here and expects them back after registering.
  const register = useRegister({ onSignedIn: () => void navigate(redirectTarget(search, paths.home.href())) });
  const form = useZodForm(registerRequestSchema, {
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const [name, email, password] = form.watch(['name', 'email', 'password']);
  const [hasGeneralError, setHasGeneralError] = useState(false);

  return (
    <AuthCard title="Create your account" description="Start finding the gaps nobody has filled yet.">
      <SocialButtons mode="register" />
      <Form
        form={form}
        onValid={(values) => {
          setHasGeneralError(false);
          // Server-side rules (a common or reused password) come back per field: the field says it, no
          // general banner on top of it (issue 29); any other failure gets the general message.
          register.mutate(values, { onError: (error) => setHasGeneralError(!applyServerErrors(form, error)) });
        }}
      >
        {register.isError && hasGeneralError ? <FormAlert>{AUTH_MESSAGES.registrationFailed}</FormAlert> : null}
        <Field name="name" label="Full name">
          <Input autoComplete="name" required {...form.register('name')} />
        </Field>
        <Field name="email" label="Email">
          <Input type="email" autoComplete="email" required {...form.register('email')} />
        </Field>
        <Field
          name="password"
          label="Password"
          description={<PasswordStrengthMeter password={password ?? ''} userInputs={[email, name]} />}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder="Minimum 6 characters"
            required
            {...form.register('password')}
          />
        </Field>
        <Field name="confirmPassword" label="Confirm password">
          <Input type="password" autoComplete="new-password" required {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? 'Creating account…' : 'Create Account'}
        </Button>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link className="text-primary underline underline-offset-4" to={paths.login.href()}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
