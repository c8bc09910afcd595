import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ActionPlanDto, PlanPhaseDto } from '#shared/action-plans/action-plans.schemas.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { PlanBoard } from './plan-board.tsx';

// The plan board's one-line forms (add a task, add a phase, rename a phase) on the form kit: the
// spec's message before anything is sent, the write with the plan's version after, the server's
// field error under the field.

function phase(id: number, name: string): PlanPhaseDto {
  return {
    id,
    name,
    description: null,
    order: id - 1,
    estimatedDuration: null,
    isCustom: false,
    completionPercentage: 0,
    tasks: [],
  };
}

const plan: ActionPlanDto = {
  id: 9,
  title: 'Pet care plan',
  description: null,
  status: 'active',
  version: 4,
  searchId: null,
  searchResultId: null,
  ideaId: null,
  templateId: null,
  origin: {
    kind: 'template',
    searchId: null,
    searchResultId: null,
    query: null,
    opportunityTitle: null,
    corpusVersion: null,
    templateName: 'Blank',
    generatedAt: '2026-11-01T00:00:00.000Z',
    phases: [],
  },
  isExample: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  completedAt: null,
  phases: [phase(1, 'Research'), phase(2, 'Launch')],
  progress: {
    totalTasks: 0,
    completedTasks: 0,
    inProgressTasks: 0,
    skippedTasks: 0,
    notStartedTasks: 0,
    completionPercentage: 0,
    phases: [],
  },
  whatsNext: [],
  evidence: [],
};

const task: PlanPhaseDto['tasks'][number] = {
  id: 31,
  phaseId: 1,
  title: 'Interview ten owners',
  description: null,
  estimatedTime: '2 days',
  resources: [],
  notes: null,
  evidenceIds: [],
  order: 0,
  status: 'not_started',
  isCustom: false,
  assigneeId: null,
  startedAt: null,
  completedAt: null,
  completedBy: null,
  prerequisiteIds: [],
  openPrerequisiteIds: [],
};

function renderBoard(board: ActionPlanDto = plan) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlanBoard plan={board} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const history = () => [200, { snapshots: [] }] as [number, unknown];

describe('PlanBoard forms', () => {
  it('refuses a too-short task title with the spec’s message, then adds the task and clears the field', async () => {
    const { calls } = fakeApi({
      'GET /api/action-plans/9/progress': history,
      'POST /api/plan-phases/1/tasks': () => [201, plan],
    });
    renderBoard();
    const field = screen.getByLabelText('New task in Research');
    const research = screen.getByRole('region', { name: 'Research' });
    await userEvent.type(field, 'ab');
    await userEvent.click(within(research).getByRole('button', { name: 'Add task' }));
    expect(await within(research).findByText('Task title must be at least 3 characters')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(field, 'c survey ');
    await userEvent.click(within(research).getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/plan-phases/1/tasks', body: { version: 4, title: 'abc survey' } },
    ]);
    expect((field as HTMLInputElement).value).toBe('');
    expect(within(research).queryByText('Task title must be at least 3 characters')).toBeNull();
  });

  it('refuses a one-letter phase name, then adds the phase; shows the server’s field error', async () => {
    const { calls } = fakeApi({
      'GET /api/action-plans/9/progress': history,
      'POST /api/action-plans/9/phases': ({ body }) =>
        (body as { name: string }).name === 'Taken'
          ? {
              status: 400,
              error: { code: 'VALIDATION_FAILED', message: 'Invalid input', fieldErrors: { name: 'Name is taken' } },
            }
          : [201, plan],
    });
    renderBoard();
    const field = screen.getByLabelText('New phase');
    await userEvent.type(field, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Add phase' }));
    expect(await screen.findByText('Phase name must be at least 2 characters')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'Taken');
    await userEvent.click(screen.getByRole('button', { name: 'Add phase' }));
    expect(await screen.findByText('Name is taken')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('Taken');

    await userEvent.clear(field);
    await userEvent.type(field, 'Growth');
    await userEvent.click(screen.getByRole('button', { name: 'Add phase' }));
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { version: 4, name: 'Taken' },
      { version: 4, name: 'Growth' },
    ]);
  });

  it('renames a phase with the trimmed name, and refuses a blank one', async () => {
    const { calls } = fakeApi({
      'GET /api/action-plans/9/progress': history,
      'PATCH /api/plan-phases/2': () => [200, plan],
    });
    renderBoard();
    const launch = screen.getByRole('region', { name: 'Launch' });
    await userEvent.click(within(launch).getByText('Rename phase'));
    const field = within(launch).getByLabelText('New name for Launch');
    expect((field as HTMLInputElement).value).toBe('Launch');
    await userEvent.clear(field);
    await userEvent.type(field, ' ');
    await userEvent.click(within(launch).getByRole('button', { name: 'Rename' }));
    expect(await within(launch).findByText('Phase name must be at least 2 characters')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '  Go to market ');
    await userEvent.click(within(launch).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/plan-phases/2', body: { version: 4, name: 'Go to market' } },
    ]);
  });

  it('edits a task’s details: the spec’s message for a short title, then the change with cleared time as null', async () => {
    const withTask: ActionPlanDto = {
      ...plan,
      phases: [{ ...phase(1, 'Research'), tasks: [task] }, phase(2, 'Launch')],
    };
    const { calls } = fakeApi({
      'GET /api/action-plans/9/progress': history,
      'PATCH /api/plan-tasks/31': () => [200, withTask],
    });
    renderBoard(withTask);
    const card = screen.getByRole('listitem', { name: 'Interview ten owners' });
    await userEvent.click(within(card).getByText('Edit details and notes'));
    const title = within(card).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'ab');
    const save = within(card).getByRole('button', { name: 'Save “Interview ten owners”' });
    await userEvent.click(save);
    expect(await within(card).findByText('Task title must be at least 3 characters')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await userEvent.type(title, 'c calls');
    await userEvent.clear(within(card).getByLabelText('Estimated time'));
    await userEvent.type(within(card).getByLabelText('Notes'), ' Start with the bakery ');
    await userEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'PATCH')[0]?.body).toEqual({
      version: 4,
      title: 'abc calls',
      estimatedTime: null,
      notes: 'Start with the bakery',
    });
  });
});
