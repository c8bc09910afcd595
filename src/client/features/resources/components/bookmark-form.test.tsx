import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResourceDetail } from '#shared/resources/resources.schemas.ts';
import { fakeApi, type FakeCall } from '#client/test/fake-api.ts';
import { BookmarkForm } from './bookmark-form.tsx';

// The bookmark form on the kit: a too-long tag refused with the schema's message before anything
// is sent, the note and tags sent as the server expects, the count of the note's characters.

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

const saved = {
  id: 1,
  resourceId: 7,
  notes: 'Before the first interviews',
  customTags: ['interviews', 'week 1'],
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};

function renderForm() {
  const api = fakeApi({ 'PUT /api/resources/7/bookmark': () => [200, saved] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BookmarkForm resource={resource} />
    </QueryClientProvider>,
  );
  return api;
}

const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');

describe('BookmarkForm', () => {
  it('refuses a tag over 40 characters before sending, then saves the note and tags', async () => {
    const { calls } = renderForm();
    const notes = screen.getByLabelText('Notes (optional)');
    const tags = screen.getByLabelText('Your tags (optional, separated by commas)');
    await userEvent.type(notes, ' Before the first interviews ');
    expect(screen.getByText('29 / 1000 characters')).toBeTruthy();
    expect(notes.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.type(tags, `interviews, ${'x'.repeat(41)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Save bookmark' }));
    expect(await screen.findByText('Tags must be 40 characters or less')).toBeTruthy();
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls)).toEqual([]);

    await userEvent.clear(tags);
    await userEvent.type(tags, 'interviews, week 1, interviews');
    await userEvent.click(screen.getByRole('button', { name: 'Save bookmark' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Bookmarked.'));
    expect(puts(calls).map((c) => c.body)).toEqual([
      { notes: 'Before the first interviews', customTags: ['interviews', 'week 1'] },
    ]);
  });
});
