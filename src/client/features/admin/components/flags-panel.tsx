import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { flagNameSchema, type FeatureFlag } from '#shared/flags/flags.schemas.ts';
import { PLAN_IDS, PLANS, type PlanId } from '#shared/plans/plans.constants.ts';
import { Checkbox, Input, Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { adminFlagsQueryOptions, useRolloutPreview, useSaveFlag } from '../api/admin-api.ts';

// The flag editor's form: user ids are typed as a comma-separated list and parsed here, with the
// message the list needs; everything else is the shared flag contract.
const flagFormSchema = z.object({
  name: flagNameSchema,
  description: z.string().max(500, 'Use at most 500 characters'),
  enabled: z.boolean(),
  rolloutPercentage: z.coerce
    .number('Enter a number from 0 to 100')
    .int('Enter a whole number')
    .min(0, 'Enter a number from 0 to 100')
    .max(100, 'Enter a number from 0 to 100'),
  allowedTiers: z.array(z.enum(PLAN_IDS)),
  allowedUserIds: z
    .string()
    .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'List user ids as numbers separated by commas')
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map(Number),
      ),
    ]),
});
type FlagFormInput = z.input<typeof flagFormSchema>;

function defaultsOf(flag: FeatureFlag | null): FlagFormInput {
  return {
    name: flag?.name ?? '',
    description: flag?.description ?? '',
    enabled: flag?.enabled ?? false,
    rolloutPercentage: flag?.rolloutPercentage ?? 0,
    allowedTiers: (flag?.allowedTiers ?? []).filter((t): t is PlanId => (PLAN_IDS as readonly string[]).includes(t)),
    allowedUserIds: (flag?.allowedUserIds ?? []).join(', '),
  };
}

function FlagForm({ flag, onDone }: { flag: FeatureFlag | null; onDone: () => void }) {
  const save = useSaveFlag();
  const preview = useRolloutPreview();
  const form = useZodForm(flagFormSchema, { defaultValues: defaultsOf(flag) });
  const runPreview = () =>
    void form.handleSubmit((values) =>
      preview.mutate({
        name: values.name,
        rolloutPercentage: values.rolloutPercentage,
        allowedTiers: values.allowedTiers,
        allowedUserIds: values.allowedUserIds,
      }),
    )();
  return (
    <Form
      form={form}
      aria-label={flag ? `Edit ${flag.name}` : 'New flag'}
      onValid={(values) =>
        save.mutate(
          {
            name: values.name,
            update: {
              description: values.description || null,
              enabled: values.enabled,
              rolloutPercentage: values.rolloutPercentage,
              allowedTiers: values.allowedTiers,
              allowedUserIds: values.allowedUserIds,
            },
          },
          { onSuccess: onDone, onError: (e) => applyServerErrors(form, e) },
        )
      }
    >
      <Field name="name" label="Name" description="2–64 lowercase letters, digits, dots, dashes or underscores">
        <Input readOnly={flag !== null} {...form.register('name')} />
      </Field>
      <Field name="description" label="Description">
        <Textarea rows={2} {...form.register('description')} />
      </Field>
      <Checkbox label="Enabled" description="Off turns the flag off for everyone." {...form.register('enabled')} />
      <Field name="rolloutPercentage" label="Rollout (% of users, stable per user)">
        <Input type="number" inputMode="numeric" min={0} max={100} {...form.register('rolloutPercentage')} />
      </Field>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">Always on for plans</legend>
        {PLAN_IDS.map((plan) => (
          <Checkbox key={plan} label={PLANS[plan].name} value={plan} {...form.register('allowedTiers')} />
        ))}
      </fieldset>
      <Field name="allowedUserIds" label="Always on for user ids" description="Comma-separated, e.g. 12, 40">
        <Input inputMode="numeric" {...form.register('allowedUserIds')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {flag ? 'Save flag' : 'Create flag'}
        </Button>
        <Button type="button" variant="outline" onClick={runPreview} disabled={preview.isPending}>
          Preview rollout
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {save.isError && Object.keys(form.formState.errors).length === 0 ? (
        <FormAlert>{save.error.message}</FormAlert>
      ) : null}
      {preview.data ? (
        <div role="status" className="rounded-md border p-3 text-sm">
          <p>
            When enabled, these rules reach <strong>{preview.data.reachedUsers}</strong> of {preview.data.totalUsers}{' '}
            active users (per-user overrides aside).
          </p>
          <ul className="mt-1">
            {preview.data.byPlan.map((row) => (
              <li key={row.plan}>
                {PLANS[row.plan].name}: {row.reached} of {row.total}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Form>
  );
}

/** Feature flags: the list, and a form to create one or change its tiers, user ids and rollout. */
export function FlagsPanel() {
  const flags = useQuery(adminFlagsQueryOptions());
  const [editing, setEditing] = useState<FeatureFlag | 'new' | null>(null);
  const list = flags.data?.flags ?? [];
  return (
    <div className="grid gap-4">
      {editing ? (
        <section aria-label="Flag editor" className="rounded-lg border bg-card p-4 text-card-foreground">
          <FlagForm
            key={editing === 'new' ? 'new' : editing.name}
            flag={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        </section>
      ) : (
        <div>
          <Button onClick={() => setEditing('new')}>New flag</Button>
        </div>
      )}
      {flags.isError ? <FormAlert>{flags.error.message}</FormAlert> : null}
      {flags.data && list.length === 0 ? <p className="text-muted-foreground">No flags yet.</p> : null}
      <ul className="grid gap-3" aria-label="Feature flags">
        {list.map((flag) => (
          <li key={flag.name} className="rounded-lg border p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-mono font-semibold break-all">{flag.name}</h3>
              <span className="text-sm font-medium">{flag.enabled ? 'On' : 'Off'}</span>
            </div>
            {flag.description ? <p className="mt-1 text-sm">{flag.description}</p> : null}
            <p className="mt-1 text-sm text-muted-foreground">
              Rollout {flag.rolloutPercentage} % · plans:{' '}
              {flag.allowedTiers.length ? flag.allowedTiers.join(', ') : 'none'} · users:{' '}
              {flag.allowedUserIds.length ? flag.allowedUserIds.join(', ') : 'none'}
            </p>
            <Button
              className="mt-2"
              variant="outline"
              onClick={() => setEditing(flag)}
              aria-label={`Edit ${flag.name}`}
            >
              Edit
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
