import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeCall } from '#client/test/fake-api.ts';
import { ContributionForm } from './contribution-form.tsx';

// "Suggest a resource" on the form kit: the shared schema's messages on their fields before
// anything is sent, the request the server expects, the server's field errors, the pending note.

const categories = {
  categories: [
    {
      id: 3,
      name: 'Launch and growth',
      slug: 'launch',
      description: null,
      icon: null,
      parentId: null,
      resourceCount: 4,
    },
  ],
};

function renderForm(answer: (call: FakeCall) => ReturnType<Parameters<typeof fakeApi>[0][string]>) {
  const api = fakeApi({ 'GET /api/resources/categories': () => [200, categories], 'POST /api/contributions': answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <h2 id="suggest-heading">Suggest a resource</h2>
      <ContributionForm />
    </QueryClientProvider>,
  );
  return api;
}

const created = {
  id: 1,
  title: 'Quokka checklist',
  description: 'A checklist for launching a small product.',
  url: 'https://example.com/quokka',
  suggestedCategory: { id: 3, name: 'Launch and growth', slug: 'launch' },
  suggestedTags: ['launch', 'checklist'],
  status: 'pending',
  adminNotes: null,
  reviewedAt: null,
  resourceId: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  contributorName: 'Cora',
};

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('ContributionForm', () => {
  it('shows the spec’s messages on their fields and sends nothing', async () => {
    const { calls } = renderForm(() => [201, created]);
    await userEvent.type(screen.getByLabelText('Title'), 'Quokka checklist');
    await userEvent.type(screen.getByLabelText('Link (URL)'), 'not a url');
    await userEvent.type(screen.getByLabelText('Why is it useful? (at least 20 characters)'), 'Short.');
    await userEvent.type(screen.getByLabelText('Tags (optional, separated by commas)'), `launch, ${'x'.repeat(41)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Suggest resource' }));
    expect(await screen.findByText('Must be a valid URL')).toBeTruthy();
    expect(screen.getByText('Description must be at least 20 characters')).toBeTruthy();
    expect(screen.getByText('Tags must be 40 characters or less')).toBeTruthy();
    expect(screen.getByLabelText('Link (URL)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBeNull();
    expect(posts(calls)).toEqual([]);
  });

  it('sends the suggestion with its category and tags, then clears the form and says it is pending', async () => {
    const { calls } = renderForm(() => [201, created]);
    await screen.findByRole('option', { name: 'Launch and growth' });
    await userEvent.type(screen.getByLabelText('Title'), ' Quokka checklist ');
    await userEvent.type(screen.getByLabelText('Link (URL)'), 'https://example.com/quokka');
    await userEvent.type(
      screen.getByLabelText('Why is it useful? (at least 20 characters)'),
      'A checklist for launching a small product.',
    );
    await userEvent.selectOptions(screen.getByLabelText('Category (optional)'), 'Launch and growth');
    await userEvent.type(screen.getByLabelText('Tags (optional, separated by commas)'), 'launch, checklist, launch');
    await userEvent.click(screen.getByRole('button', { name: 'Suggest resource' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/Your suggestion is pending review/);
    expect(posts(calls).map((c) => c.body)).toEqual([
      {
        title: 'Quokka checklist',
        url: 'https://example.com/quokka',
        description: 'A checklist for launching a small product.',
        suggestedCategoryId: 3,
        suggestedTags: ['launch', 'checklist'],
      },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('');
  });

  it('shows the server’s field error on its field, and a general message when there is none', async () => {
    let isFieldError = true;
    renderForm(() =>
      isFieldError
        ? {
            status: 400,
            error: { code: 'VALIDATION_FAILED', message: 'Invalid', fieldErrors: { url: 'Already suggested' } },
          }
        : { status: 500, error: { code: 'INTERNAL', message: 'Boom' } },
    );
    await userEvent.type(screen.getByLabelText('Title'), 'Quokka checklist');
    await userEvent.type(screen.getByLabelText('Link (URL)'), 'https://example.com/q');
    await userEvent.type(
      screen.getByLabelText('Why is it useful? (at least 20 characters)'),
      'A checklist for launching a small product.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Suggest resource' }));
    expect(await screen.findByText('Already suggested')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Already suggested']);
    isFieldError = false;
    await userEvent.click(screen.getByRole('button', { name: 'Suggest resource' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Your suggestion could not be sent. Please try again.'),
    );
  });
});
