import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Competitor } from '#shared/engine/analysis.schemas.ts';
import { CompetitorsList } from './competitors-list.tsx';

// The competitors of an opportunity show the team size that, with closeness, orders them (ADR 054),
// and say how they are ordered.

const competitor = (name: string, teamSize?: number): Competitor => ({
  name,
  status: 'Active',
  batch: 'Winter 2020',
  source: 'yc',
  verified: true,
  ...(teamSize === undefined ? {} : { teamSize }),
});

describe('the competitors list', () => {
  it('shows each team size and how the list is ordered', () => {
    render(
      <CompetitorsList
        kind="core"
        competitors={[competitor('Gusto', 2_400), competitor('Tiny', 1), competitor('Unsized')]}
      />,
    );
    expect(screen.getByText('2,400 people')).toBeTruthy();
    expect(screen.getByText('1 person')).toBeTruthy();
    expect(screen.getAllByRole('listitem')[2]!.textContent).not.toMatch(/people|person/);
    expect(screen.getByText(/larger team first/)).toBeTruthy();
  });

  it('says nothing of team size when no competitor has one (an analysis stored before ADR 054)', () => {
    render(<CompetitorsList kind="core" competitors={[competitor('Old'), competitor('Older')]} />);
    expect(screen.queryByText(/larger team first/)).toBeNull();
    expect(screen.getByText('Closest to your query first.')).toBeTruthy();
  });

  it("orders a job's competitors by that job, not by team size", () => {
    render(<CompetitorsList kind="job" competitors={[competitor('Gusto', 2_400), competitor('Tiny', 1)]} />);
    expect(screen.getByText('Closest to this job first.')).toBeTruthy();
    expect(screen.queryByText(/larger team first/)).toBeNull();
  });
});
