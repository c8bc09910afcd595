import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { fakeApi, type FakeCall } from '#client/test/fake-api.ts';
import { ApiKeysPanel } from './api-keys-panel.tsx';

// "Create an API key" on the form kit: the shared schema's messages as alerts (a blank name, no
// scope) before anything is sent, the request the server expects, the server's refusal in the form.

const apiKey = {
  id: 1,
  name: 'Reporting script',
  prefix: 'ub_live_abc',
  scopes: ['read', 'search'],
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  active: true,
};

function renderPanel(answer: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({ 'GET /api/api-keys': () => [200, { items: [] }], 'POST /api/api-keys': answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiKeysPanel />
    </QueryClientProvider>,
  );
  return api;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

beforeEach(() => useAuthStore.setState({ user: { id: 7, plan: 'enterprise' } as never, accessToken: 'token' }));
afterEach(() => useAuthStore.setState({ user: null, accessToken: null }));

describe('Create an API key', () => {
  it('shows the spec’s messages as alerts on the name and the scopes, and sends nothing', async () => {
    const { calls } = renderPanel(() => [201, { apiKey, key: 'ub_live_secret' }]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Read analyses and history' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'Key name is required',
        'Choose at least one scope',
      ]),
    );
    expect(screen.getByLabelText('Key name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription('Choose at least one scope');
    expect(posts(calls)).toEqual([]);
  });

  it('sends the trimmed name, the ticked scopes and the expiry, then shows the key once', async () => {
    const { calls } = renderPanel(() => [201, { apiKey, key: 'ub_live_secret' }]);
    await userEvent.type(screen.getByLabelText('Key name'), ' Reporting script ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Run searches (uses your quota)' }));
    await userEvent.selectOptions(screen.getByLabelText('Expires after'), 'No expiry');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('new-api-key')).textContent).toBe('ub_live_secret');
    expect(posts(calls).map((c) => c.body)).toEqual([
      { name: 'Reporting script', scopes: ['read', 'search'], expiresInDays: null },
    ]);
    expect(screen.getByLabelText('Key name')).toHaveValue('');
  });

  it('shows the server’s field error on its field, and its message otherwise', async () => {
    let isFieldError = true;
    renderPanel(() =>
      isFieldError
        ? {
            status: 400,
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid',
              fieldErrors: { name: 'You already have this name' },
            },
          }
        : { status: 409, error: { code: 'CONFLICT', message: 'You have 20 active keys; revoke one first' } },
    );
    await userEvent.type(screen.getByLabelText('Key name'), 'Reporting script');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already have this name');
    expect(screen.getByLabelText('Key name')).toHaveAttribute('aria-invalid', 'true');
    isFieldError = false;
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('You have 20 active keys; revoke one first'),
    );
  });
});
