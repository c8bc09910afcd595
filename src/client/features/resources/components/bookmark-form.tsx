import { useState, type FormEvent } from 'react';
import { BOOKMARK_NOTES_MAX, type ResourceDetail } from '#shared/resources/resources.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-error.ts';
import { useRemoveBookmark, useSaveBookmark } from '../api/resources-api.ts';

const fieldClass = 'min-h-11 w-full rounded-md border bg-background px-3 py-2 text-base';

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

/** Bookmark with a note and your own tags; saving again updates the same bookmark. */
export function BookmarkForm({ resource }: { resource: ResourceDetail }) {
  const [notes, setNotes] = useState(resource.bookmark?.notes ?? '');
  const [tags, setTags] = useState(resource.bookmark?.customTags.join(', ') ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const save = useSaveBookmark();
  const remove = useRemoveBookmark();
  const error = save.error ?? remove.error;
  const fieldError = isApiError(error) ? Object.values(error.fieldErrors)[0] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    save.mutate(
      { id: resource.id, notes: notes.trim(), customTags: parseTags(tags) },
      { onSuccess: () => setMessage(resource.bookmark ? 'Bookmark updated.' : 'Bookmarked.') },
    );
  };
  return (
    <section aria-labelledby="bookmark-heading" className="rounded-lg border p-4">
      <h2 id="bookmark-heading" className="text-lg font-semibold">
        {resource.bookmark ? 'Your bookmark' : 'Bookmark this resource'}
      </h2>
      <form onSubmit={submit} className="mt-2 grid gap-3" noValidate>
        <div className="grid gap-1">
          <label htmlFor="bookmark-notes" className="text-sm font-medium">
            Notes (optional)
          </label>
          <textarea
            id="bookmark-notes"
            className={fieldClass}
            rows={3}
            value={notes}
            maxLength={BOOKMARK_NOTES_MAX}
            onChange={(e) => setNotes(e.target.value)}
            aria-describedby="bookmark-notes-count"
          />
          <span id="bookmark-notes-count" className="text-xs text-muted-foreground">
            {notes.length} / {BOOKMARK_NOTES_MAX} characters
          </span>
        </div>
        <div className="grid gap-1">
          <label htmlFor="bookmark-tags" className="text-sm font-medium">
            Your tags (optional, separated by commas)
          </label>
          <input id="bookmark-tags" className={fieldClass} value={tags} onChange={(e) => setTags(e.target.value)} />
        </div>
        {fieldError || (error && !fieldError) ? (
          <p role="alert" className="text-sm text-destructive">
            {fieldError ?? 'The bookmark could not be saved. Please try again.'}
          </p>
        ) : null}
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
                    setNotes('');
                    setTags('');
                    setMessage('Bookmark removed.');
                  },
                })
              }
            >
              Remove bookmark
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
