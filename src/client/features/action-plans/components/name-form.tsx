import type { ReactNode } from 'react';
import { z } from 'zod';
import { PHASE_NAME_MAX, TASK_TITLE_MAX } from '#shared/action-plans/action-plans.constants.ts';
import { phaseNameSchema, taskTitleSchema } from '#shared/action-plans/action-plans.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-error.ts';

// The plan board's one-line forms (a new task's title, a new phase's name, a phase's new name) on
// the form kit: the shared schema's rule and message before anything is sent, the server's field
// error (or its message) under the field after.

const KINDS = {
  'task-title': { schema: z.object({ text: taskTitleSchema }), maxLength: TASK_TITLE_MAX },
  'phase-name': { schema: z.object({ text: phaseNameSchema }), maxLength: PHASE_NAME_MAX },
} as const;

export function NameForm({
  kind,
  label,
  submitLabel,
  initialValue = '',
  isBusy,
  onSubmit,
  failure,
  size,
  className,
}: {
  kind: keyof typeof KINDS;
  label: ReactNode;
  submitLabel: ReactNode;
  initialValue?: string;
  isBusy: boolean;
  /** Sends the trimmed text; resolves when saved. */
  onSubmit: (text: string) => Promise<unknown>;
  /** Said when the write fails without a message of the server's. */
  failure: string;
  size?: 'sm';
  className: string;
}) {
  const { schema, maxLength } = KINDS[kind];
  const form = useZodForm(schema, { defaultValues: { text: initialValue } });
  return (
    <Form
      form={form}
      className={className}
      onValid={({ text }) =>
        onSubmit(text)
          .then(() => {
            if (!initialValue) form.reset({ text: '' });
          })
          .catch((e: unknown) =>
            form.setError('text', {
              type: 'server',
              message: e instanceof ApiError ? (Object.values(e.fieldErrors)[0] ?? e.message) : failure,
            }),
          )
      }
    >
      <div className="min-w-0 flex-1">
        <Field name="text" label={label}>
          <Input {...form.register('text')} maxLength={maxLength} className="w-full" />
        </Field>
      </div>
      <Button type="submit" variant="outline" size={size} disabled={isBusy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
