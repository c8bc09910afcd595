import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { DEFAULT_ASSUMPTIONS, project } from '#shared/ideas/projections.ts';
import { IdeaForm } from './idea-form.tsx';
import { ProjectionsPanel } from './projections-panel.tsx';

describe('idea form (docs/product/validation.md messages, inline)', () => {
  it('shows the spec message when the title is left too short, and submits nothing until valid', async () => {
    const onSubmit = vi.fn();
    render(<IdeaForm isBusy={false} serverError={null} onSubmit={onSubmit} />);
    const title = screen.getByLabelText('Title');
    await userEvent.type(title, 'Vet');
    fireEvent.blur(title);
    expect((await screen.findByRole('alert')).textContent).toBe('Title must be at least 5 characters');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title must be at least 5 characters 5–200 characters');

    await userEvent.click(screen.getByRole('button', { name: 'Validate idea' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Title must be at least 5 characters',
      'Description must be at least 20 characters',
      'Target market must be at least 5 characters',
      'Business model must be at least 5 characters',
      'Choose a category',
    ]);
    // The first field in error takes the focus, so a keyboard user lands on it.
    expect(title).toHaveFocus();

    await userEvent.type(title, 'erinary video visits');
    await userEvent.type(screen.getByLabelText('Description'), 'Video visits with a vet for pet owners at home.');
    await userEvent.type(screen.getByLabelText('Target market'), 'Pet owners');
    await userEvent.type(screen.getByLabelText('Business model'), 'Subscription');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'healthcare');
    await userEvent.type(screen.getByLabelText('Monthly revenue ($)'), '2000000');
    await userEvent.click(screen.getByRole('button', { name: 'Validate idea' }));
    expect(screen.getByText('Monthly revenue must be between 0 and 1,000,000')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Monthly revenue ($)'));
    await userEvent.type(screen.getByLabelText('Monthly revenue ($)'), '8000');
    await userEvent.click(screen.getByRole('button', { name: 'Validate idea' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      title: 'Veterinary video visits',
      description: 'Video visits with a vet for pet owners at home.',
      targetMarket: 'Pet owners',
      businessModel: 'Subscription',
      category: 'healthcare',
      monthlyRevenue: 8000,
    });
  });

  it('starts from a search result’s values and sends its id with them', async () => {
    const onSubmit = vi.fn();
    render(
      <IdeaForm
        isBusy={false}
        serverError={null}
        onSubmit={onSubmit}
        prefill={{
          title: 'Veterinary telehealth for pet owners',
          description: 'A long enough description of it.',
          targetMarket: 'Pet owners',
          businessModel: '',
          category: 'healthcare',
          sourceSearchResultId: 7,
        }}
      />,
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Veterinary telehealth for pet owners');
    expect(screen.getByLabelText('Category')).toHaveValue('healthcare');
    await userEvent.type(screen.getByLabelText('Business model'), 'Per visit fee');
    await userEvent.click(screen.getByRole('button', { name: 'Validate idea' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      title: 'Veterinary telehealth for pet owners',
      description: 'A long enough description of it.',
      targetMarket: 'Pet owners',
      businessModel: 'Per visit fee',
      category: 'healthcare',
      sourceSearchResultId: 7,
    });
  });
});

describe('projections panel', () => {
  it('recomputes break-even as the revenue is edited, before anything is saved', async () => {
    const numbers = { initialInvestment: 50_000, monthlyRevenue: 8_000, monthlyExpenses: 5_000 };
    const idea = {
      ...numbers,
      assumptions: DEFAULT_ASSUMPTIONS,
      financialProjections: project(numbers),
    } as unknown as IdeaDto;
    render(<ProjectionsPanel idea={idea} isSaving={false} onSave={vi.fn()} />);
    expect(screen.getByTestId('break-even-base')).toHaveTextContent('month 16');
    const revenue = screen.getByLabelText('Monthly revenue ($)');
    await userEvent.clear(revenue);
    await userEvent.type(revenue, '0');
    expect(screen.getByTestId('break-even-base')).toHaveTextContent('never at these numbers');
    await userEvent.clear(revenue);
    await userEvent.type(revenue, '20000');
    expect(screen.getByTestId('break-even-base')).toHaveTextContent('month 5');
  });
});
