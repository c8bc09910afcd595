import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PROJECT_NAME_MAX } from '#shared/projects/projects.schemas.ts';
import { fakeApi, type FakeCall } from '#client/test/fake-api.ts';
import { ProjectsPanel } from './projects-panel.tsx';

// "New project" on the form kit: the shared schema's messages as alerts on their fields before
// anything is sent, the request the server expects, the server's refusal shown in the form.

const created = {
  id: 1,
  name: 'Dental',
  description: null,
  tags: ['health', 'b2b'],
  archived: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  analyses: [],
};

function renderPanel(answer: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({
    'GET /api/projects': () => [200, { items: [], page: 1, pageSize: 50, hasMore: false, nextCursor: null }],
    'POST /api/projects': answer,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProjectsPanel analyses={[]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('New project form', () => {
  it('shows the spec’s messages as alerts on the name field and sends nothing', async () => {
    const { calls } = renderPanel(() => [201, created]);
    const name = screen.getByLabelText('Project name');
    await userEvent.type(name, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Project name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Project name is required');
    await userEvent.type(name, 'x'.repeat(PROJECT_NAME_MAX + 1));
    expect(screen.getByRole('alert').textContent).toBe('Project name must be 200 characters or less');
    expect(posts(calls)).toEqual([]);
  });

  it('sends the trimmed name, no empty description and the tags, then clears the form', async () => {
    const { calls } = renderPanel(() => [201, created]);
    await userEvent.type(screen.getByLabelText('Project name'), ' Dental ');
    await userEvent.type(screen.getByLabelText('Tags (comma-separated)'), 'health, , b2b');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(posts(calls).map((c) => c.body)).toEqual([{ name: 'Dental', tags: ['health', 'b2b'] }]));
    await waitFor(() => expect(screen.getByLabelText('Project name')).toHaveValue(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    renderPanel(() => ({
      status: 409,
      error: { code: 'CONFLICT', message: 'You have reached the limit of 200 projects' },
    }));
    await userEvent.type(screen.getByLabelText('Project name'), 'Dental');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have reached the limit of 200 projects');
    expect(screen.getByLabelText('Project name')).toHaveValue('Dental');
  });
});
