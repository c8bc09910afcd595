import { z } from 'zod';
import { CHAT_MESSAGE_MAX } from '#shared/chat/chat.constants.ts';
import { messageContentSchema } from '#shared/chat/chat.schemas.ts';
import { Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';

const chatFormSchema = z.object({ content: messageContentSchema });

/** The question box on the form kit: validated with the shared schema before it is sent; Enter sends. */
export function ChatForm({ onAsk, isBusy }: { onAsk: (content: string) => void; isBusy: boolean }) {
  const form = useZodForm(chatFormSchema, { defaultValues: { content: '' } });
  return (
    <Form
      form={form}
      className="flex items-end gap-2 border-t p-3"
      onValid={({ content }) => {
        onAsk(content);
        form.reset({ content: '' });
      }}
    >
      <div className="min-w-0 flex-1">
        <Field name="content" label={<span className="sr-only">Your question</span>}>
          <Textarea
            rows={2}
            maxLength={CHAT_MESSAGE_MAX + 1}
            placeholder="Ask a question…"
            className="block w-full resize-none text-sm"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            {...form.register('content')}
          />
        </Field>
      </div>
      <Button type="submit" disabled={isBusy} className="min-h-11">
        Send
      </Button>
    </Form>
  );
}
