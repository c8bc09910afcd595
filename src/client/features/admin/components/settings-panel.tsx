import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PASSWORD_EXPIRY_WARNING_DAYS, passwordPolicySchema } from '#shared/admin/settings.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { passwordPolicyQueryOptions, useSavePasswordPolicy } from '../api/admin-api.ts';

// The field is text: empty means "passwords do not expire"; anything else must pass the shared rule.
const policyFormSchema = z.object({
  maxPasswordAgeDays: z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(passwordPolicySchema.shape.maxPasswordAgeDays),
});

function PolicyForm({ current }: { current: number | null }) {
  const save = useSavePasswordPolicy();
  const form = useZodForm(policyFormSchema, {
    defaultValues: { maxPasswordAgeDays: current === null ? '' : String(current) },
  });
  return (
    <Form
      form={form}
      aria-label="Password policy"
      onValid={(values) => save.mutate(values, { onError: (e) => applyServerErrors(form, e) })}
    >
      <Field
        name="maxPasswordAgeDays"
        label="Maximum password age (days)"
        description={`Leave empty for passwords that never expire. Users are e-mailed ${PASSWORD_EXPIRY_WARNING_DAYS} days before, and must choose a new password at their next visit after it.`}
      >
        <Input inputMode="numeric" {...form.register('maxPasswordAgeDays')} />
      </Field>
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save policy
        </Button>
      </div>
      {save.isSuccess ? (
        <FormAlert tone="success">
          {save.data.maxPasswordAgeDays === null
            ? 'Passwords no longer expire.'
            : `Passwords now expire after ${save.data.maxPasswordAgeDays} days.`}
        </FormAlert>
      ) : null}
      {save.isError && Object.keys(form.formState.errors).length === 0 ? (
        <FormAlert>{save.error.message}</FormAlert>
      ) : null}
    </Form>
  );
}

/** Settings: the maximum password age (the hourly expiry job reads it). */
export function SettingsPanel() {
  const policy = useQuery(passwordPolicyQueryOptions());
  return (
    <section aria-labelledby="password-policy-heading" className="rounded-lg border bg-card p-4 text-card-foreground">
      <h2 id="password-policy-heading" className="mb-3 text-lg font-semibold">
        Password expiry
      </h2>
      {policy.isError ? <FormAlert>{policy.error.message}</FormAlert> : null}
      {policy.data ? <PolicyForm current={policy.data.maxPasswordAgeDays} /> : null}
    </section>
  );
}
