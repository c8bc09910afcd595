import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { assumption } from '#shared/ideas/market-size.ts';
import { DEFAULT_ASSUMPTIONS, project } from '#shared/ideas/projections.ts';
import { HypothesesList } from './hypotheses-list.tsx';
import { MarketSizeCalculator } from './market-size-calculator.tsx';
import { ProjectionsPanel } from './projections-panel.tsx';

// A teammate reading a shared idea sees the owner's figures, not empty forms, save buttons and prompts
// to type ("Your assumption", "To complete it, enter…", "Validate the idea…") that they cannot act on.

const empty = {
  initialInvestment: null,
  monthlyRevenue: null,
  monthlyExpenses: null,
  assumptions: DEFAULT_ASSUMPTIONS,
  financialProjections: null,
  hypotheses: [],
} as unknown as IdeaDto;

describe('shared idea, read-only', () => {
  it('says what the owner has not entered yet instead of showing empty forms', () => {
    render(
      <>
        <ProjectionsPanel idea={empty} readOnly isSaving={false} onSave={vi.fn()} />
        <MarketSizeCalculator inputs={null} readOnly isSaving={false} onSave={vi.fn()} />
        <HypothesesList idea={empty} readOnly isSaving={false} onRecord={vi.fn()} />
      </>,
    );
    expect(screen.getByText('No projections entered yet.')).toBeInTheDocument();
    expect(screen.getByText('No market size entered yet.')).toBeInTheDocument();
    expect(screen.getByText('No hypotheses yet: the idea has not been validated.')).toBeInTheDocument();
    expect(screen.queryAllByRole('spinbutton')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it("shows the owner's figures and results without save buttons or typing prompts", () => {
    const numbers = { initialInvestment: 50_000, monthlyRevenue: 8_000, monthlyExpenses: 5_000 };
    const idea = {
      ...numbers,
      assumptions: DEFAULT_ASSUMPTIONS,
      financialProjections: project(numbers),
      hypotheses: [
        {
          id: 1,
          rank: 1,
          basedOn: 'marketGap',
          statement: 'Clinics will pay for chairside booking',
          killCriterion: 'Fewer than 3 of 10 say yes',
          interviewScript: ['How do patients book today?'],
          status: 'supported',
          result: '7 of 10 clinics said yes',
        },
      ],
    } as unknown as IdeaDto;
    const inputs = {
      customers: assumption(1200),
      pricePerMonth: assumption(null),
      serviceableSharePercent: assumption(null),
      adoptionPercent: assumption(null),
    };
    render(
      <>
        <ProjectionsPanel idea={idea} readOnly isSaving={false} onSave={vi.fn()} />
        <MarketSizeCalculator inputs={inputs} readOnly isSaving={false} onSave={vi.fn()} />
        <HypothesesList idea={idea} readOnly isSaving={false} onRecord={vi.fn()} />
      </>,
    );
    expect(screen.getByTestId('break-even-base')).toHaveTextContent('month 16');
    expect(screen.getByLabelText('Monthly revenue ($)')).toHaveValue(8000);
    expect(screen.getByText('Assumptions and formulas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.queryByText('Your assumption')).toBeNull();
    expect(screen.queryByText(/To complete it/)).toBeNull();
    expect(screen.getByText(/Not entered yet:/)).toBeInTheDocument();
    expect(screen.getByText('7 of 10 clinics said yes')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('keeps the forms for the owner', () => {
    render(<HypothesesList idea={empty} isSaving={false} onRecord={vi.fn()} />);
    expect(screen.getByText('Validate the idea to get its hypotheses.')).toBeInTheDocument();
    render(<MarketSizeCalculator inputs={null} isSaving={false} onSave={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Save market size' })).toBeInTheDocument();
  });
});
