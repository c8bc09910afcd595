import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeCall } from '#client/test/fake-api.ts';
import { ShareDialog } from './share-dialog.tsx';

// The public share link's form on the kit: the expiry chosen with the keyboard-reachable radios is
// the request, checked by the shared schema; the server's refusal shows as an alert in the form.

const link = {
  id: 3,
  searchId: 5,
  token: 'a'.repeat(43),
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-11-28T10:00:00.000Z',
  viewCount: 0,
  lastAccessedAt: null,
  state: 'active',
};

function renderDialog(answer: Parameters<typeof fakeApi>[0][string]) {
  const items: unknown[] = [];
  const api = fakeApi({
    'GET /api/searches/5/share-links': () => [200, { items }],
    'POST /api/searches/5/share-links': (call) => {
      const result = answer(call);
      if (Array.isArray(result) && result[0] === 201) items.push(link);
      return result;
    },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShareDialog searchId={5} query="dental clinic scheduling" />
    </QueryClientProvider>,
  );
  return api;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  return screen.findByRole('dialog', { name: 'Share this analysis' });
}

describe('ShareDialog', () => {
  it('sends the expiry chosen (7 days unless changed) and lists the new link', async () => {
    const { calls } = renderDialog(() => [201, link]);
    const dialog = await open();
    const group = within(dialog).getByRole('group', { name: 'Link expires after' });
    expect(within(group).getByRole('radio', { name: '7 days' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: '1 day' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const field = await within(dialog).findByRole<HTMLInputElement>('textbox', { name: /^Share link created/ });
    expect(field.value).toMatch(/\/share\/a{43}$/);
    expect(posts(calls).map((c) => c.body)).toEqual([{ expiresIn: '1d' }]);
  });

  it('shows the server’s refusal as an alert in the form', async () => {
    const { calls } = renderDialog(() => ({
      status: 429,
      error: { code: 'RATE_LIMITED', message: 'Too many links today. Try again tomorrow.' },
    }));
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Too many links today. Try again tomorrow.'),
    );
    expect(posts(calls).map((c) => c.body)).toEqual([{ expiresIn: '7d' }]);
  });
});
