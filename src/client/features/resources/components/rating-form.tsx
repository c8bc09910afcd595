import { useState, type FormEvent } from 'react';
import { RATING_MAX, REVIEW_MAX, type ResourceDetail } from '#shared/resources/resources.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-error.ts';
import { useRateResource, useVoteHelpful } from '../api/resources-api.ts';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** Rate 1–5 with an optional review (rating again replaces yours), and the reviews with "helpful" votes. */
export function RatingSection({ resource }: { resource: ResourceDetail }) {
  const [rating, setRating] = useState(resource.myRating?.rating ?? 0);
  const [review, setReview] = useState(resource.myRating?.review ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const rate = useRateResource();
  const vote = useVoteHelpful();
  const fieldError = isApiError(rate.error) ? Object.values(rate.error.fieldErrors)[0] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setMessage('Choose a rating from 1 to 5.');
      return;
    }
    rate.mutate(
      { id: resource.id, rating, review: review.trim() },
      { onSuccess: () => setMessage('Thanks — your rating is saved.') },
    );
  };
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
      <form onSubmit={submit} className="mt-3 grid gap-3" noValidate>
        <fieldset>
          <legend className="text-sm font-medium">{resource.myRating ? 'Your rating' : 'Rate this resource'}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {STARS.map((n) => (
              <label
                key={n}
                className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md border px-3 has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  className="sr-only"
                />
                <span aria-hidden="true">{'★'.repeat(n)}</span>
                <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-1">
          <label htmlFor="review-text" className="text-sm font-medium">
            Review (optional)
          </label>
          <textarea
            id="review-text"
            rows={3}
            className="min-h-11 w-full rounded-md border bg-background px-3 py-2 text-base"
            value={review}
            maxLength={REVIEW_MAX}
            onChange={(e) => setReview(e.target.value)}
          />
        </div>
        {fieldError || rate.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {fieldError ?? 'Your rating could not be saved. Please try again.'}
          </p>
        ) : null}
        <p role="status" className="text-sm">
          {message}
        </p>
        <Button type="submit" disabled={rate.isPending} className="justify-self-start">
          {resource.myRating ? 'Update rating' : 'Submit rating'}
        </Button>
      </form>
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
