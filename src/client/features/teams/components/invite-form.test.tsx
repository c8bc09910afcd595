import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamDetail } from '#shared/teams/teams.schemas.ts';
import { fakeApi, type FakeCall } from '#client/test/fake-api.ts';
import { InviteForm } from './invite-form.tsx';

// "Invite someone" on the form kit: the shared schema's e-mail message as an alert before anything
// is sent, the request the server expects, the chosen role explained, the server's refusal shown.

const team = { id: 4 } as TeamDetail;

const invitation = {
  id: 9,
  teamId: 4,
  email: 'bea@example.com',
  role: 'viewer',
  state: 'pending',
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
};

function renderForm(answer: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({ 'POST /api/teams/4/invitations': answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InviteForm team={team} />
    </QueryClientProvider>,
  );
  return api;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('InviteForm', () => {
  it('refuses a bad address with the shared message before sending, then sends the address and role', async () => {
    const { calls } = renderForm(() => [201, invitation]);
    const email = screen.getByLabelText('E-mail address');
    await userEvent.type(email, 'bea@');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(posts(calls)).toEqual([]);

    await userEvent.type(email, 'Example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'viewer');
    expect(screen.getByLabelText('Role')).toHaveAccessibleDescription(
      'Sees what is shared with the team; cannot comment or share.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Invitation sent to bea@example.com. The link works once and expires in 7 days.',
    );
    expect(posts(calls).map((c) => c.body)).toEqual([{ email: 'bea@example.com', role: 'viewer' }]);
    expect(email).toHaveValue('');
  });

  it('shows the server’s field error on the address, and its message otherwise', async () => {
    let isFieldError = true;
    renderForm(() =>
      isFieldError
        ? {
            status: 400,
            error: { code: 'VALIDATION_FAILED', message: 'Invalid', fieldErrors: { email: 'Already a member' } },
          }
        : { status: 409, error: { code: 'CONFLICT', message: 'The team has no free seat' } },
    );
    await userEvent.type(screen.getByLabelText('E-mail address'), 'bea@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Already a member');
    isFieldError = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The team has no free seat'));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('bea@example.com');
  });
});
