import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from './loading-overlay.tsx';

describe('LoadingOverlay', () => {
  it('defaults to the generic title and message', () => {
    render(<LoadingOverlay />);
    const overlay = screen.getByRole('alertdialog', { name: 'Analyzing Gaps...' });
    expect(overlay).toHaveAccessibleDescription("Our AI is scanning existing solutions to find what's missing");
    expect(overlay).toHaveAttribute('aria-busy', 'true');
  });

  it('takes a page-specific title and renders nothing when hidden', () => {
    const { rerender } = render(<LoadingOverlay title="Analyzing Market Gaps" />);
    expect(screen.getByRole('alertdialog', { name: 'Analyzing Market Gaps' })).toBeInTheDocument();
    rerender(<LoadingOverlay title="Analyzing Market Gaps" isVisible={false} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
