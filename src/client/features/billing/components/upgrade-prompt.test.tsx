import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { UPGRADE_PROMPT_DISMISS_MS } from '#shared/plans/plans.constants.ts';
import { UPGRADE_REASONS, dismissKey, type UpgradeReason } from '../upgrade-prompt-state.ts';
import { UpgradePrompt } from './upgrade-prompt.tsx';

describe('upgrade prompt', () => {
  const renderPrompt = (reason: UpgradeReason, plan: 'free' | 'pro' = 'free') =>
    render(
      <MemoryRouter>
        <UpgradePrompt reason={reason} plan={plan} onViewPlans={vi.fn()} />
      </MemoryRouter>,
    );

  it.each(Object.entries(UPGRADE_REASONS) as [UpgradeReason, string][])(
    'shows %s as %j for free users only',
    (reason, text) => {
      const { unmount } = renderPrompt(reason);
      expect(screen.getByText(text)).toBeInTheDocument();
      unmount();
      renderPrompt(reason, 'pro');
      expect(screen.queryByText(text)).toBeNull();
    },
  );

  it('hides a dismissed reason for 24 hours, per reason, then removes the stored value and shows again', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPrompt('search-limit');
    await user.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByText(UPGRADE_REASONS['search-limit'])).toBeNull();
    const stored = Number(localStorage.getItem(dismissKey('search-limit')));
    expect(stored).toBeGreaterThan(0);
    unmount();
    renderPrompt('collaboration');
    expect(screen.getByText(UPGRADE_REASONS.collaboration)).toBeInTheDocument();

    localStorage.setItem(dismissKey('search-limit'), String(Date.now() - UPGRADE_PROMPT_DISMISS_MS + 60_000));
    const again = renderPrompt('search-limit');
    expect(screen.queryByText(UPGRADE_REASONS['search-limit'])).toBeNull();
    again.unmount();
    localStorage.setItem(dismissKey('search-limit'), String(Date.now() - UPGRADE_PROMPT_DISMISS_MS - 1));
    renderPrompt('search-limit');
    expect(screen.getByText(UPGRADE_REASONS['search-limit'])).toBeInTheDocument();
    expect(localStorage.getItem(dismissKey('search-limit'))).toBeNull();
  });
});
