import { useState } from 'react';
import { z } from 'zod';
import { BOOKMARK_NOTES_MAX, bookmarkInputSchema, type ResourceDetail } from '#shared/resources/resources.schemas.ts';
import { Input, Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useRemoveBookmark, useSaveBookmark } from '../api/resources-api.ts';

export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

// What the fields hold, turned into the request and checked by the server's own schema (a too-long
// tag shows under the tags field, named like the request).
const bookmarkFormSchema = z
  .object({ notes: z.string(), tags: z.string() })
  .transform(({ notes, tags }): z.input<typeof bookmarkInputSchema> => ({ notes, customTags: parseTags(tags) }))
  .pipe(bookmarkInputSchema);

/** Bookmark with a note and your own tags; saving again updates the same bookmark. */
export function BookmarkForm({ resource }: { resource: ResourceDetail }) {
  const form = useZodForm(bookmarkFormSchema, {
    defaultValues: { notes: resource.bookmark?.notes ?? '', tags: resource.bookmark?.customTags.join(', ') ?? '' },
  });
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const save = useSaveBookmark();
  const remove = useRemoveBookmark();
  const notesLength = form.watch('notes').length;

  return (
    <section aria-labelledby="bookmark-heading" className="rounded-lg border p-4">
      <h2 id="bookmark-heading" className="text-lg font-semibold">
        {resource.bookmark ? 'Your bookmark' : 'Bookmark this resource'}
      </h2>
      <Form
        form={form}
        className="mt-2 grid gap-3"
        onValid={({ notes, customTags }) => {
          setMessage(null);
          setFailed(false);
          save.mutate(
            { id: resource.id, notes: notes ?? '', customTags },
            {
              onSuccess: () => setMessage(resource.bookmark ? 'Bookmark updated.' : 'Bookmarked.'),
              onError: (error) => setFailed(!applyServerErrors(form, error)),
            },
          );
        }}
        onInvalid={() => setMessage(null)}
      >
        <Field name="notes" label="Notes (optional)" description={`${notesLength} / ${BOOKMARK_NOTES_MAX} characters`}>
          <Textarea rows={3} maxLength={BOOKMARK_NOTES_MAX} {...form.register('notes')} />
        </Field>
        <Field name="customTags" label="Your tags (optional, separated by commas)">
          <Input {...form.register('tags')} />
        </Field>
        {failed ? <FormAlert>The bookmark could not be saved. Please try again.</FormAlert> : null}
        <p role="status" className="text-sm">
          {message}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {resource.bookmark ? 'Update bookmark' : 'Save bookmark'}
          </Button>
          {resource.bookmark ? (
            <Button
              variant="outline"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(resource.id, {
                  onSuccess: () => {
                    form.reset({ notes: '', tags: '' });
                    setMessage('Bookmark removed.');
                  },
                  onError: () => setFailed(true),
                })
              }
            >
              Remove bookmark
            </Button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
