import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { contributionInputSchema } from '#shared/resources/resources.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-error.ts';
import { categoriesQueryOptions, useSuggestResource } from '../api/resources-api.ts';
import { parseTags } from './bookmark-form.tsx';

const fieldClass = 'min-h-11 w-full rounded-md border bg-background px-3 py-2 text-base';
type Errors = Partial<Record<'title' | 'description' | 'url' | 'suggestedTags', string>>;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="text-sm text-destructive">
      {message}
    </span>
  ) : null;
}

/** Suggest a resource: checked with the same rules the server applies, then pending an admin's review. */
export function ContributionForm() {
  const categories = useQuery(categoriesQueryOptions()).data?.categories ?? [];
  const [values, setValues] = useState({ title: '', description: '', url: '', category: '', tags: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const suggest = useSuggestResource();
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const input = {
      title: values.title,
      description: values.description,
      url: values.url,
      suggestedTags: parseTags(values.tags),
      ...(values.category ? { suggestedCategoryId: Number(values.category) } : {}),
    };
    const parsed = contributionInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    suggest.mutate(parsed.data, {
      onSuccess: () => {
        setValues({ title: '', description: '', url: '', category: '', tags: '' });
        setDone('Thanks! Your suggestion is pending review. You will be told when it is approved or rejected.');
      },
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fieldErrors);
      },
    });
  };
  const describe = (key: keyof Errors) => (errors[key] ? `${key}-error` : undefined);
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-labelledby="suggest-heading">
      <div className="grid gap-1">
        <label htmlFor="title" className="text-sm font-medium">
          Title
        </label>
        <input
          id="title"
          className={fieldClass}
          value={values.title}
          onChange={set('title')}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describe('title')}
        />
        <FieldError id="title-error" message={errors.title} />
      </div>
      <div className="grid gap-1">
        <label htmlFor="url" className="text-sm font-medium">
          Link (URL)
        </label>
        <input
          id="url"
          type="url"
          inputMode="url"
          className={fieldClass}
          value={values.url}
          onChange={set('url')}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={describe('url')}
        />
        <FieldError id="url-error" message={errors.url} />
      </div>
      <div className="grid gap-1">
        <label htmlFor="description" className="text-sm font-medium">
          Why is it useful? (at least 20 characters)
        </label>
        <textarea
          id="description"
          rows={4}
          className={fieldClass}
          value={values.description}
          onChange={set('description')}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describe('description')}
        />
        <FieldError id="description-error" message={errors.description} />
      </div>
      <div className="grid gap-1">
        <label htmlFor="category" className="text-sm font-medium">
          Category (optional)
        </label>
        <select id="category" className={fieldClass} value={values.category} onChange={set('category')}>
          <option value="">Let the reviewer choose</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor="tags" className="text-sm font-medium">
          Tags (optional, separated by commas)
        </label>
        <input
          id="tags"
          className={fieldClass}
          value={values.tags}
          onChange={set('tags')}
          aria-describedby={describe('suggestedTags')}
        />
        <FieldError id="suggestedTags-error" message={errors.suggestedTags} />
      </div>
      {suggest.isError && !isApiError(suggest.error) ? (
        <p role="alert" className="text-sm text-destructive">
          Your suggestion could not be sent. Please try again.
        </p>
      ) : null}
      <p role="status" className="text-sm">
        {done}
      </p>
      <Button type="submit" disabled={suggest.isPending} className="justify-self-start">
        Suggest resource
      </Button>
    </form>
  );
}
