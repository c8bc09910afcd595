import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '#shared/app/app.constants.ts';
import { loadSonner, toast, type ToastVariant } from '#client/lib/toast.ts';
import { Toaster } from './toaster.tsx';

afterEach(async () => {
  const { toast: sonner } = await loadSonner();
  act(() => {
    sonner.dismiss();
  });
  vi.useRealTimers();
});

function shownToasts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-sonner-toast][data-visible="true"]')];
}

describe('toasts (docs/product/states.md)', () => {
  it('shows every variant with its title and description', async () => {
    render(<Toaster />);
    const variants: ToastVariant[] = ['default', 'destructive', 'success', 'error', 'warning', 'info'];
    for (const variant of variants)
      await act(() => toast({ title: `Title ${variant}`, description: `About ${variant}`, variant }));
    for (const variant of variants) {
      expect(await screen.findByText(`Title ${variant}`)).toBeInTheDocument();
      expect(screen.getByText(`About ${variant}`)).toBeInTheDocument();
    }
    const types = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].map((el) => el.dataset.type);
    expect(types).toEqual(expect.arrayContaining(['success', 'error', 'warning', 'info']));
    expect(document.querySelector('[data-sonner-toast].toast-destructive')).not.toBeNull();
  });

  it(`shows at most ${TOAST_LIMIT} at once`, async () => {
    render(<Toaster />);
    for (let i = 1; i <= TOAST_LIMIT + 2; i++) await act(() => toast({ title: `Toast ${i}` }));
    await screen.findByText(`Toast ${TOAST_LIMIT + 2}`);
    expect(shownToasts()).toHaveLength(TOAST_LIMIT);
  });

  it(`removes a toast after ${TOAST_DURATION_MS / 1000} s by default`, async () => {
    await loadSonner();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Toaster />);
    await act(() => toast({ title: 'Short-lived' }));
    expect(await screen.findByText('Short-lived')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS - 500));
    expect(screen.getByText('Short-lived')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByText('Short-lived')).not.toBeInTheDocument();
  });
});
