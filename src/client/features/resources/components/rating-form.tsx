import { useState } from 'react';
import { z } from 'zod';
import { RATING_MAX, REVIEW_MAX, ratingInputSchema, type ResourceDetail } from '#shared/resources/resources.schemas.ts';
import { Textarea } from '#client/components/form/controls.tsx';
import { Field, FieldGroup } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useRateResource, useVoteHelpful } from '../api/resources-api.ts';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

// The radio buttons hold a string (none chosen: empty); the server's own schema checks the number,
// so "no stars" gets its message ("Rating must be between 1 and 5").
const ratingFormSchema = z
  .object({ rating: z.string().nullable(), review: z.string() })
  .transform(({ rating, review }): z.input<typeof ratingInputSchema> => ({ rating: Number(rating ?? ''), review }))
  .pipe(ratingInputSchema);

/** Rate 1–5 with an optional review (rating again replaces yours), and the reviews with "helpful" votes. */
export function RatingSection({ resource }: { resource: ResourceDetail }) {
  const form = useZodForm(ratingFormSchema, {
    defaultValues: {
      rating: resource.myRating ? String(resource.myRating.rating) : '',
      review: resource.myRating?.review ?? '',
    },
  });
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const rate = useRateResource();
  const vote = useVoteHelpful();

  return (
    <section aria-labelledby="rating-heading" className="rounded-lg border p-4">
      <h2 id="rating-heading" className="text-lg font-semibold">
        Ratings and reviews
      </h2>
      <p className="text-sm text-muted-foreground">
        {resource.ratingCount > 0
          ? `Rated ${resource.averageRating.toFixed(1)} of 5 from ${resource.ratingCount} ${resource.ratingCount === 1 ? 'rating' : 'ratings'}.`
          : 'No ratings yet.'}
      </p>
      <Form
        form={form}
        className="mt-3 grid gap-3"
        onValid={({ rating, review }) => {
          setMessage(null);
          setFailed(false);
          rate.mutate(
            { id: resource.id, rating, review: review ?? '' },
            {
              onSuccess: () => setMessage('Thanks — your rating is saved.'),
              onError: (error) => setFailed(!applyServerErrors(form, error)),
            },
          );
        }}
        onInvalid={() => setMessage(null)}
      >
        <FieldGroup name="rating" legend={resource.myRating ? 'Your rating' : 'Rate this resource'}>
          <div className="flex flex-wrap gap-2">
            {STARS.map((n) => (
              <label
                key={n}
                className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md border px-3 has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring"
              >
                <input type="radio" value={String(n)} className="sr-only" {...form.register('rating')} />
                <span aria-hidden="true">{'★'.repeat(n)}</span>
                <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
              </label>
            ))}
          </div>
        </FieldGroup>
        <Field name="review" label="Review (optional)">
          <Textarea rows={3} className="w-full" maxLength={REVIEW_MAX} {...form.register('review')} />
        </Field>
        {failed ? <FormAlert>Your rating could not be saved. Please try again.</FormAlert> : null}
        <p role="status" className="text-sm">
          {message}
        </p>
        <Button type="submit" disabled={rate.isPending} className="justify-self-start">
          {resource.myRating ? 'Update rating' : 'Submit rating'}
        </Button>
      </Form>
      {resource.reviews.length > 0 ? (
        <ul className="mt-4 grid gap-3" aria-label="Reviews">
          {resource.reviews.map((r) => (
            <li key={r.id} className="border-t pt-3">
              <p className="text-sm">
                <span className="font-medium">{r.authorName}</span> — {r.rating} of 5
              </p>
              {r.review ? <p className="mt-1 text-sm">{r.review}</p> : null}
              <div className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
                <span>
                  {r.helpfulCount} {r.helpfulCount === 1 ? 'person' : 'people'} found this helpful
                </span>
                {!r.isMine ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={r.hasVotedHelpful || vote.isPending}
                    onClick={() => vote.mutate(r.id)}
                  >
                    {r.hasVotedHelpful ? 'Marked helpful' : 'Helpful'}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
