import { Link } from 'react-router';
import { profileUpdateSchema } from '#shared/auth/auth.schemas.ts';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useUpdateProfile } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

export function ProfileEditForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const form = useZodForm(profileUpdateSchema, {
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '', avatar: user.avatar ?? '' },
  });
  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <AuthCard title="Edit profile">
      <Form
        form={form}
        onValid={(values) => update.mutate(values, { onError: (error) => applyServerErrors(form, error) })}
      >
        {update.isSuccess ? <FormAlert tone="success">Your profile has been saved.</FormAlert> : null}
        {update.isError && !hasFieldErrors ? <FormAlert>Profile update failed</FormAlert> : null}
        <Field name="firstName" label="First name">
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </Field>
        <Field name="lastName" label="Last name">
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </Field>
        <Field name="avatar" label="Avatar URL">
          <Input type="url" inputMode="url" placeholder="https://…" {...form.register('avatar')} />
        </Field>
        <div className="flex gap-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.profile.href()}>Cancel</Link>
          </Button>
        </div>
      </Form>
    </AuthCard>
  );
}
