import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { contributionInputSchema } from '#shared/resources/resources.schemas.ts';
import { Input, Select, Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { categoriesQueryOptions, useSuggestResource } from '../api/resources-api.ts';
import { parseTags } from './bookmark-form.tsx';

// What the fields hold (text), turned into the request and checked by the server's own schema; its
// messages land on the fields named like the request (the tags field shows `suggestedTags`).
const contributionFormSchema = z
  .object({ title: z.string(), url: z.string(), description: z.string(), category: z.string(), tags: z.string() })
  .transform(({ category, tags, ...rest }): z.input<typeof contributionInputSchema> => ({
    ...rest,
    suggestedTags: parseTags(tags),
    ...(category ? { suggestedCategoryId: Number(category) } : {}),
  }))
  .pipe(contributionInputSchema);

const EMPTY = { title: '', description: '', url: '', category: '', tags: '' };

/** Suggest a resource: checked with the same rules the server applies, then pending an admin's review. */
export function ContributionForm() {
  const categories = useQuery(categoriesQueryOptions()).data?.categories ?? [];
  const form = useZodForm(contributionFormSchema, { defaultValues: EMPTY });
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const suggest = useSuggestResource();
  return (
    <Form
      form={form}
      className="grid gap-3"
      aria-labelledby="suggest-heading"
      onValid={(input) => {
        setDone(null);
        setFailed(false);
        suggest.mutate(input, {
          onSuccess: () => {
            form.reset(EMPTY);
            setDone('Thanks! Your suggestion is pending review. You will be told when it is approved or rejected.');
          },
          onError: (error) => setFailed(!applyServerErrors(form, error)),
        });
      }}
      onInvalid={() => setDone(null)}
    >
      <Field name="title" label="Title">
        <Input {...form.register('title')} />
      </Field>
      <Field name="url" label="Link (URL)">
        <Input type="url" inputMode="url" {...form.register('url')} />
      </Field>
      <Field name="description" label="Why is it useful? (at least 20 characters)">
        <Textarea rows={4} {...form.register('description')} />
      </Field>
      <Field name="suggestedCategoryId" label="Category (optional)">
        <Select
          placeholder="Let the reviewer choose"
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          {...form.register('category')}
        />
      </Field>
      <Field name="suggestedTags" label="Tags (optional, separated by commas)">
        <Input {...form.register('tags')} />
      </Field>
      {failed ? <FormAlert>Your suggestion could not be sent. Please try again.</FormAlert> : null}
      <p role="status" className="text-sm">
        {done}
      </p>
      <Button type="submit" disabled={suggest.isPending} className="justify-self-start">
        Suggest resource
      </Button>
    </Form>
  );
}
