import { z } from 'zod';
import { TASK_TIME_MAX, TASK_TITLE_MAX } from '#shared/action-plans/action-plans.constants.ts';
import { taskTitleSchema, updateTaskSchema, type PlanTaskDto } from '#shared/action-plans/action-plans.schemas.ts';
import { Input, Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';

// A task's title, estimated time and notes, on the form kit: the shared update schema's rules and
// messages under the fields before anything is sent; an empty time or note is sent as null (cleared).

const NOTES_MAX = 5000;

const taskDetailsSchema = z
  .object({
    title: taskTitleSchema,
    estimatedTime: updateTaskSchema.shape.estimatedTime.unwrap().unwrap(),
    notes: updateTaskSchema.shape.notes.unwrap().unwrap(),
  })
  .transform(({ title, estimatedTime, notes }) => ({
    title,
    estimatedTime: estimatedTime || null,
    notes: notes || null,
  }));

export type TaskDetails = z.output<typeof taskDetailsSchema>;

export function TaskDetailsForm({
  task,
  isBusy,
  onSave,
}: {
  task: PlanTaskDto;
  isBusy: boolean;
  /** Sends the change; the card shows the server's refusal. */
  onSave: (details: TaskDetails) => void;
}) {
  const form = useZodForm(taskDetailsSchema, {
    defaultValues: { title: task.title, estimatedTime: task.estimatedTime ?? '', notes: task.notes ?? '' },
  });
  return (
    <Form form={form} className="space-y-2" onValid={onSave}>
      <Field name="title" label="Title">
        <Input maxLength={TASK_TITLE_MAX} className="w-full" {...form.register('title')} />
      </Field>
      <Field name="estimatedTime" label="Estimated time">
        <Input maxLength={TASK_TIME_MAX} className="w-full" {...form.register('estimatedTime')} />
      </Field>
      <Field name="notes" label="Notes">
        <Textarea maxLength={NOTES_MAX} rows={3} className="w-full" {...form.register('notes')} />
      </Field>
      <Button type="submit" size="sm" variant="outline" disabled={isBusy}>
        Save<span className="sr-only"> “{task.title}”</span>
      </Button>
    </Form>
  );
}
