import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRIAL_EMAIL_REQUIRED_TEXT, TRIAL_EMAIL_REQUIRED_TITLE } from '#shared/billing/billing.schemas.ts';
import {
  TRIAL_FAILURE_FALLBACK,
  TRIAL_FAILURE_TITLE,
  TRIAL_SUCCESS_TEXT,
  TRIAL_SUCCESS_TITLE,
} from '#shared/billing/trial-copy.ts';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { loadSonner } from '#client/lib/toast.ts';
import { FreeTrialForm } from './free-trial-form.tsx';

// fetch is the boundary; each test decides how the API answers. Toasts render in the real Toaster.
afterEach(async () => {
  vi.unstubAllGlobals();
  const { toast } = await loadSonner();
  act(() => {
    toast.dismiss();
  });
});

const user = {
  id: 7,
  email: 'ada@example.test',
  name: 'Ada',
  firstName: 'Ada',
  lastName: null,
  avatar: null,
  plan: 'free' as const,
  isPaid: false,
  role: 'user' as const,
  searchCount: 0,
  lastResetDate: '2026-11-01T00:00:00.000Z',
  trialUsed: false,
  trialExpiration: null,
  subscriptionStatus: 'inactive',
  subscriptionTier: 'free' as const,
  subscriptionPeriodEnd: null,
  analyticsOptOut: false,
  mustChangePassword: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function renderForm(onActivated?: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Toaster />
      <FreeTrialForm onActivated={onActivated} />
    </QueryClientProvider>,
  );
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('free-trial form (docs/product/validation.md, errors.md)', () => {
  for (const [name, typed] of [
    ['empty', ''],
    ['blank', '   '],
  ] as const) {
    it(`shows 'Email Required' for an ${name} e-mail without calling the API`, async () => {
      const fetchSpy = vi.fn();
      vi.stubGlobal('fetch', fetchSpy);
      renderForm();
      const field = screen.getByLabelText('Email address');
      expect(field).toHaveAttribute('type', 'email');
      if (typed) await userEvent.type(field, typed);
      await userEvent.click(screen.getByRole('button', { name: 'Start Free Trial' }));
      expect(await screen.findByText(TRIAL_EMAIL_REQUIRED_TITLE)).toBeInTheDocument();
      expect(screen.getByText(TRIAL_EMAIL_REQUIRED_TEXT)).toBeInTheDocument();
      expect(fetchSpy).not.toHaveBeenCalled();
    });
  }

  it('activates the trial, refreshes the user and shows the success toast', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url === '/api/trial/activate')
        return json(200, { success: true, data: { plan: 'pro', trialExpiration: '2026-11-29T00:00:00.000Z' } });
      return json(200, { success: true, data: { ...user, plan: 'pro', isPaid: true, trialUsed: true } });
    });
    const onActivated = vi.fn();
    renderForm(onActivated);
    await userEvent.type(screen.getByLabelText('Email address'), user.email);
    await userEvent.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByText(TRIAL_SUCCESS_TITLE)).toBeInTheDocument();
    expect(screen.getByText(TRIAL_SUCCESS_TEXT)).toBeInTheDocument();
    expect(calls).toEqual(['/api/trial/activate', '/api/auth/profile']);
    expect(useAuthStore.getState().user?.plan).toBe('pro');
    expect(onActivated).toHaveBeenCalledOnce();
  });

  it("shows the destructive failure toast with the server's message, or the fallback", async () => {
    vi.stubGlobal('fetch', async () =>
      json(409, { success: false, code: 'CONFLICT', message: 'You have already used your free trial.' }),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText('Email address'), user.email);
    await userEvent.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByText(TRIAL_FAILURE_TITLE)).toBeInTheDocument();
    expect(screen.getByText('You have already used your free trial.')).toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toast].toast-destructive')).not.toBeNull();

    act(() => {
      void loadSonner().then(({ toast }) => toast.dismiss());
    });
    vi.stubGlobal('fetch', async () => json(500, { success: false, code: 'INTERNAL', message: '' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByText(TRIAL_FAILURE_FALLBACK)).toBeInTheDocument();
  });
});
