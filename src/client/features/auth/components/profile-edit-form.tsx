import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { profileUpdateSchema } from '#shared/auth/auth.schemas.ts';
import type { FieldErrors } from '#shared/api/errors.ts';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-error.ts';
import { useUpdateProfile } from '../api/auth-api.ts';
import { AuthCard, FormAlert, TextField, validateWith } from './form-parts.tsx';

export function ProfileEditForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    avatar: user.avatar ?? '',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateWith(profileUpdateSchema, values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    update.mutate(values, {
      onError: (error) => {
        if (isApiError(error)) setFieldErrors(error.fieldErrors);
      },
    });
  };

  return (
    <AuthCard title="Edit profile">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {update.isSuccess ? <FormAlert tone="success">Your profile has been saved.</FormAlert> : null}
        {update.isError && Object.keys(fieldErrors).length === 0 ? <FormAlert>Profile update failed</FormAlert> : null}
        <TextField
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
          error={fieldErrors.firstName}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          onChange={set('lastName')}
          error={fieldErrors.lastName}
        />
        <TextField
          label="Avatar URL"
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={values.avatar}
          onChange={set('avatar')}
          error={fieldErrors.avatar}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.profile.href()}>Cancel</Link>
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
