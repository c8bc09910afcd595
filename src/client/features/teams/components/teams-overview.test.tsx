import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeCall } from '#client/test/fake-api.ts';
import { TeamsOverview } from './teams-overview.tsx';

// "Create a team" on the form kit: the schema's message for an empty name before anything is sent,
// the request, the plan refusal handed to the page, and another refusal's message.

const created = {
  id: 4,
  name: 'Dental founders',
  description: 'Clinics',
  ownerId: 1,
  myRole: 'owner',
  memberCount: 1,
  createdAt: '2026-11-27T10:00:00.000Z',
};

function renderOverview(answer: (call: FakeCall) => ReturnType<Parameters<typeof fakeApi>[0][string]>) {
  const api = fakeApi({ 'GET /api/teams': () => [200, { items: [] }], 'POST /api/teams': answer });
  const onPlanRequired = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TeamsOverview onPlanRequired={onPlanRequired} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...api, onPlanRequired };
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('Create a team', () => {
  it('asks for a name before sending, then creates the team and clears the form', async () => {
    const { calls } = renderOverview(() => [201, created]);
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('Team name is required')).toBeTruthy();
    expect(screen.getByLabelText('Team name').getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Team name'), ' Dental founders ');
    await userEvent.type(screen.getByLabelText('Description (optional)'), 'Clinics');
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Team name').value).toBe(''));
    expect(posts(calls).map((c) => c.body)).toEqual([{ name: 'Dental founders', description: 'Clinics' }]);
    expect(screen.queryByText('Team name is required')).toBeNull();
  });

  it('hands a plan refusal to the page and shows any other refusal in the form', async () => {
    let answer: 'plan' | 'conflict' = 'plan';
    const { onPlanRequired } = renderOverview(() =>
      answer === 'plan'
        ? { status: 403, error: { code: 'PLAN_REQUIRED', message: 'Collaboration requires Pro' } }
        : { status: 409, error: { code: 'CONFLICT', message: 'You already own a team' } },
    );
    await userEvent.type(screen.getByLabelText('Team name'), 'Solo');
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(onPlanRequired).toHaveBeenCalledWith('Collaboration requires Pro'));
    expect(screen.queryByRole('alert')).toBeNull();
    answer = 'conflict';
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already own a team');
    expect(screen.getByLabelText<HTMLInputElement>('Team name').value).toBe('Solo');
  });
});
