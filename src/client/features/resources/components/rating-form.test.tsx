import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResourceDetail } from '#shared/resources/resources.schemas.ts';
import { fakeApi, type FakeCall } from '#client/test/fake-api.ts';
import { RatingSection } from './rating-form.tsx';

// The rating form on the kit: no stars refused with the shared schema's message (an alert named by
// the group) before anything is sent, the rating and trimmed review sent, the server's refusal shown.

const resource: ResourceDetail = {
  id: 7,
  title: 'User Interviews 101',
  description: 'How to run them.',
  url: 'https://example.com/interviews',
  isLocked: false,
  resourceType: 'article',
  category: null,
  phaseRelevance: [],
  ideaTypes: [],
  difficultyLevel: 'beginner',
  estimatedTimeMinutes: 10,
  isPremium: false,
  averageRating: 0,
  ratingCount: 0,
  viewCount: 0,
  bookmarkCount: 0,
  tags: [],
  attribution: null,
  lastCheckedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  isBookmarked: false,
  bookmark: null,
  myRating: null,
  reviews: [],
};

const result = { rating: 4, review: 'Short and practical.', averageRating: 4, ratingCount: 1 };

function renderForm(answer: Parameters<typeof fakeApi>[0][string], detail: ResourceDetail = resource) {
  const api = fakeApi({ 'PUT /api/resources/7/rating': answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RatingSection resource={detail} />
    </QueryClientProvider>,
  );
  return api;
}

const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');

describe('RatingSection', () => {
  it('asks for stars with the shared schema’s message before sending, then sends the rating and review', async () => {
    const { calls } = renderForm(() => [200, result]);
    await userEvent.type(screen.getByLabelText('Review (optional)'), '  Short and practical.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Rating must be between 1 and 5');
    expect(screen.getByRole('group', { name: 'Rate this resource' })).toHaveAccessibleDescription(
      'Rating must be between 1 and 5',
    );
    expect(puts(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thanks — your rating is saved.'));
    expect(puts(calls).map((c) => c.body)).toEqual([{ rating: 4, review: 'Short and practical.' }]);
  });

  it('starts from your rating, and shows the server’s field error or a general message', async () => {
    let isFieldError = true;
    const { calls } = renderForm(
      () =>
        isFieldError
          ? {
              status: 400,
              error: { code: 'VALIDATION_FAILED', message: 'Invalid', fieldErrors: { review: 'Review is too rude' } },
            }
          : { status: 500, error: { code: 'INTERNAL', message: 'Boom' } },
      { ...resource, myRating: { rating: 2, review: 'Meh.' } },
    );
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.getByLabelText('Review (optional)')).toHaveValue('Meh.');
    await userEvent.click(screen.getByRole('button', { name: 'Update rating' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Review is too rude');
    expect(screen.getByLabelText('Review (optional)')).toHaveAttribute('aria-invalid', 'true');
    isFieldError = false;
    await userEvent.click(screen.getByRole('button', { name: 'Update rating' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Your rating could not be saved. Please try again.'),
    );
    expect(puts(calls).map((c) => c.body)).toEqual([
      { rating: 2, review: 'Meh.' },
      { rating: 2, review: 'Meh.' },
    ]);
  });
});
