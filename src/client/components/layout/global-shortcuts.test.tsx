import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { defaultBindings } from '#shared/preferences/ui-preferences.schemas.ts';
import { handleGlobalKeydown } from './global-keys.ts';
import { GlobalShortcuts } from './global-shortcuts.tsx';

function press(init: KeyboardEventInit, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

describe('handleGlobalKeydown', () => {
  it('focuses the marked search field on Ctrl+K and Cmd+K', () => {
    render(<input aria-label="Search" data-search-input="" />);
    const field = screen.getByRole('textbox', { name: 'Search' });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }]) {
      field.blur();
      const event = press({ key: 'k', ...modifier });
      handleGlobalKeydown(event, vi.fn());
      expect(field).toHaveFocus();
      expect(event.defaultPrevented).toBe(true);
    }
  });

  it('leaves Ctrl+K to the browser on pages without a search field', () => {
    const event = press({ key: 'k', ctrlKey: true });
    handleGlobalKeydown(event, vi.fn());
    expect(event.defaultPrevented).toBe(false);
  });

  it('opens the shortcuts on "?" except while typing', () => {
    const open = vi.fn();
    handleGlobalKeydown(press({ key: '?' }), open);
    expect(open).toHaveBeenCalledTimes(1);
    render(<textarea aria-label="Notes" />);
    handleGlobalKeydown(press({ key: '?' }, screen.getByRole('textbox', { name: 'Notes' })), open);
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('rebound shortcuts', () => {
  it('follow the given bindings: the new key works, the old one and a turned-off one do nothing', () => {
    const navigate = vi.fn();
    const open = vi.fn();
    const bindings = { ...defaultBindings(), goResources: 'Alt+L', openShortcuts: null };
    handleGlobalKeydown(press({ key: '¬', code: 'KeyL', altKey: true }), open, { bindings, navigate });
    expect(navigate).toHaveBeenCalledWith('/resources');
    handleGlobalKeydown(press({ key: 'R', code: 'KeyR', shiftKey: true }), open, { bindings, navigate });
    handleGlobalKeydown(press({ key: '?', code: 'Slash', shiftKey: true }), open, { bindings, navigate });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('does not navigate while typing in a field', () => {
    const navigate = vi.fn();
    render(<input aria-label="Name" />);
    const event = press({ key: 'R', code: 'KeyR', shiftKey: true }, screen.getByRole('textbox', { name: 'Name' }));
    handleGlobalKeydown(event, vi.fn(), { navigate });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('GlobalShortcuts', () => {
  it('shows the keyboard-shortcuts dialog when "?" is pressed', async () => {
    render(
      <MemoryRouter>
        <GlobalShortcuts />
      </MemoryRouter>,
    );
    await userEvent.keyboard('?');
    // The dialog's code is loaded on demand; on a busy machine that can take more than a second.
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Focus the search field');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
