import { COMMENT_MAX_LENGTH, commentUpdateSchema } from '#shared/teams/collaboration.schemas.ts';
import { Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-error.ts';

// The box to write a comment, a reply or an edit, on the form kit: the shared schema's rules
// (1–2000 characters) with a live count, the server's own message when it refuses, and how to
// mention a teammate (ADR 027).

type Props = {
  label: string;
  submitLabel: string;
  initial?: string;
  isBusy: boolean;
  serverError: Error | null;
  onSubmit: (content: string, reset: () => void) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
};

export function CommentForm(props: Props) {
  const form = useZodForm(commentUpdateSchema, { defaultValues: { content: props.initial ?? '' } });
  const content = form.watch('content');
  const isOver = content.length > COMMENT_MAX_LENGTH;
  // Over the limit says so while typing (the schema's message), not only on sending.
  const liveError = isOver ? commentUpdateSchema.safeParse({ content }).error?.issues[0]?.message : undefined;
  const serverMessage =
    props.serverError && isApiError(props.serverError)
      ? (props.serverError.fieldErrors.content ?? props.serverError.message)
      : props.serverError?.message;
  const error = form.formState.errors.content?.message ?? liveError ?? serverMessage;

  return (
    <Form
      form={form}
      className="grid gap-2"
      onValid={(values) => props.onSubmit(values.content, () => form.reset({ content: '' }))}
    >
      <Field
        name="content"
        label={props.label}
        error={error}
        description={
          <>
            <span className="block">
              Plain text; links work. To notify a teammate, write @ and the part of their e-mail before the @ (
              <code>@bea</code> for bea@example.com).
            </span>{' '}
            <span className={isOver ? 'text-destructive' : undefined}>
              {content.length}/{COMMENT_MAX_LENGTH} characters
            </span>
          </>
        }
      >
        <Textarea
          rows={3}
          autoFocus={props.autoFocus}
          className="min-h-20 w-full p-2 text-sm"
          {...form.register('content')}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {props.onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={props.onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={props.isBusy || isOver}>
          {props.isBusy ? 'Sending…' : props.submitLabel}
        </Button>
      </div>
    </Form>
  );
}
