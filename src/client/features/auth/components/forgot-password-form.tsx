import { Link } from 'react-router';
import { forgotPasswordSchema } from '#shared/auth/auth.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { useForgotPassword } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });

  return (
    <AuthCard title="Forgot your password?" description="Enter your email and we'll send you a link to reset it.">
      {forgot.isSuccess ? (
        <FormAlert tone="success">
          {forgot.data.message ?? 'If an account exists for that email, we have sent a link to reset the password.'} The
          link works for 30 minutes.
        </FormAlert>
      ) : (
        <Form form={form} readFieldsOnSubmit onValid={(values) => forgot.mutate(values)}>
          {forgot.isError ? <FormAlert>{forgot.error.message}</FormAlert> : null}
          <Field name="email" label="Email">
            <Input type="email" autoComplete="email" required {...form.register('email')} />
          </Field>
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </Form>
      )}
      <p className="text-center text-sm">
        <Link className={textLinkClass} to={paths.login.href()}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
