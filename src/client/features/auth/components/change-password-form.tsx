import { changePasswordSchema } from '#shared/auth/auth.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { useChangePassword } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const user = useAuthStore((state) => state.user);
  const change = useChangePassword();
  const form = useZodForm(changePasswordSchema, { defaultValues: EMPTY });
  const newPassword = form.watch('newPassword');
  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <AuthCard title="Change password" description="Your other sessions are signed out when the password changes.">
      <Form
        form={form}
        onValid={(values) =>
          change.mutate(values, {
            onSuccess: () => form.reset(EMPTY),
            onError: (error) => applyServerErrors(form, error),
          })
        }
      >
        {user?.mustChangePassword ? (
          <FormAlert>Choose a new password to continue: your account needs one before anything else.</FormAlert>
        ) : null}
        {change.isSuccess ? <FormAlert tone="success">Your password has been changed.</FormAlert> : null}
        {change.isError && !hasFieldErrors ? <FormAlert>{change.error.message}</FormAlert> : null}
        <Field name="currentPassword" label="Current password">
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </Field>
        <Field
          name="newPassword"
          label="New password"
          description={
            <PasswordStrengthMeter password={newPassword} userInputs={[user?.email ?? '', user?.name ?? '']} />
          }
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder="Minimum 6 characters"
            {...form.register('newPassword')}
          />
        </Field>
        <Field name="confirmPassword" label="Confirm new password">
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Change Password'}
        </Button>
      </Form>
    </AuthCard>
  );
}
