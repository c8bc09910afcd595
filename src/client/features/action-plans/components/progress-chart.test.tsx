import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProgressChart } from './progress-chart.tsx';

const day = (d: string, completed: number, percent: number) => ({
  day: d,
  totalTasks: 10,
  completedTasks: completed,
  inProgressTasks: 1,
  skippedTasks: 0,
  completionPercentage: percent,
  averageTaskTime: completed ? 3.5 : null,
  velocity: completed,
});

describe('progress chart', () => {
  it('names the latest completion in the image and gives the same numbers as a table', async () => {
    render(<ProgressChart history={{ snapshots: [day('2026-07-01', 0, 0), day('2026-07-02', 3, 30)] }} />);
    expect(screen.getByRole('img', { name: 'Completion over 2 days: 30% on 2026-07-02' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Show progress as a table'));
    const rows = within(screen.getByRole('table', { name: 'Daily progress' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DayCompletionCompletedIn progressSkippedTasks a weekAvg. hours a task',
      '2026-07-010%0 of 10100—',
      '2026-07-0230%3 of 101033.5',
    ]);
  });

  it('says so when nothing is recorded yet', () => {
    render(<ProgressChart history={{ snapshots: [] }} />);
    expect(screen.getByText('No progress recorded yet.')).toBeInTheDocument();
  });
});
