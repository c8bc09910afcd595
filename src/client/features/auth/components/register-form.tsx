import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AUTH_MESSAGES, REGISTRATION_SENT_MESSAGE, registerRequestSchema } from '#shared/auth/auth.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { redirectTarget } from '#client/lib/redirect-target.ts';
import { useRegister } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function RegisterForm() {
  const { search } = useLocation();
  // An invitation link sends a new visitor here and expects them back after registering: the path
  // rides in the e-mailed link.
  const redirectTo = redirectTarget(search, '') || undefined;
  const register = useRegister();
  const form = useZodForm(registerRequestSchema, {
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const [name, email, password] = form.watch(['name', 'email', 'password']);
  const [hasGeneralError, setHasGeneralError] = useState(false);

  if (register.isSuccess) {
    // The same screen whether or not the address already had an account (docs/decisions/034).
    return (
      <AuthCard title="Check your e-mail" description={`We sent a message to ${email}.`}>
        <FormAlert tone="success">{register.data.message ?? REGISTRATION_SENT_MESSAGE}</FormAlert>
        <p className="text-sm text-muted-foreground">
          The link works for 24 hours. Nothing arrived after a few minutes? Check your spam folder, or{' '}
          <button type="button" className="text-primary underline underline-offset-4" onClick={() => register.reset()}>
            register again
          </button>
          .
        </p>
        <p className="text-center text-sm">
          <Link className={textLinkClass} to={paths.login.href()}>
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" description="Start finding the gaps nobody has filled yet.">
      <SocialButtons mode="register" />
      <Form
        form={form}
        onValid={(values) => {
          setHasGeneralError(false);
          // Server-side rules (a common or reused password) come back per field: the field says it, no
          // general banner on top of it (issue 29); any other failure gets the general message.
          register.mutate(
            { ...values, redirectTo },
            { onError: (error) => setHasGeneralError(!applyServerErrors(form, error)) },
          );
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
        <Link className="inline-link text-primary underline underline-offset-4" to={paths.login.href()}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
