import { AUTH_MESSAGES, REGISTRATION_SENT_MESSAGE } from '#shared/auth/auth.schemas.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { testUser } from '#client/test/test-user.ts';
import { LoginForm } from './login-form.tsx';
import { ConfirmRegistration } from './confirm-registration.tsx';
import { RegisterForm } from './register-form.tsx';

// fetch is the boundary; each test decides how the API answers.
afterEach(() => vi.unstubAllGlobals());

function wrap(children: ReactNode, initialEntries = ['/']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={initialEntries}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('login form', () => {
  it('disables Sign In while the request runs, then shows the documented message on failure and stays signed out', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    wrap(<LoginForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong-Password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
    answer(
      new Response(JSON.stringify({ success: false, code: 'INVALID_CREDENTIALS', message: 'x' }), { status: 401 }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials. Please try again.');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('validates the e-mail and the 6-character minimum before calling the API', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    wrap(<LoginForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('links to forgot password and sign up', () => {
    vi.stubGlobal('fetch', vi.fn());
    wrap(<LoginForm />);
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/register');
  });
});

describe('register form', () => {
  it('shows "Passwords don\'t match" and the documented failure message', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ success: false, code: 'INTERNAL', message: 'x' }), { status: 500 }),
    );
    wrap(<RegisterForm />);
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.test');
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Minimum 6 characters');
    await userEvent.type(screen.getByLabelText('Password'), 'Violet-Harbour-Lantern-42');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Violet-Harbour-Lantern-43');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Violet-Harbour-Lantern-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('shows only the specific message for a common password, no general banner on top (issue 29)', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            success: false,
            code: 'VALIDATION_FAILED',
            message: 'Invalid request',
            fieldErrors: { password: AUTH_MESSAGES.commonPassword },
          }),
          { status: 400 },
        ),
    );
    wrap(<RegisterForm />);
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'password123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.commonPassword)).toBeInTheDocument();
    expect(screen.queryByText(AUTH_MESSAGES.registrationFailed)).toBeNull();
  });
});

describe('registration by e-mail link (docs/decisions/034)', () => {
  it('answers "check your e-mail" without signing in, and sends the invitation path along', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(init.body as string));
      return new Response(JSON.stringify({ success: true, data: null, message: REGISTRATION_SENT_MESSAGE }), {
        status: 202,
      });
    });
    wrap(<RegisterForm />, ['/auth/register?redirectTo=%2Fteams%2Fjoin']);
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Violet-Harbour-Lantern-42');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Violet-Harbour-Lantern-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(REGISTRATION_SENT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('We sent a message to ada@example.test.')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ email: 'ada@example.test', redirectTo: '/teams/join' })]);
    expect(useAuthStore.getState().user).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'register again' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('the link page sends the token from the fragment and signs in as the new account', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const user = testUser('free', { email: 'ada@example.test', name: 'Ada Lovelace' });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string) });
      return new Response(JSON.stringify({ success: true, data: { user, accessToken: 'access-token' } }), {
        status: 201,
      });
    });
    wrap(<ConfirmRegistration />, ['/auth/confirm-email#token=abc_DEF-123']);
    await userEvent.click(screen.getByRole('button', { name: 'Create My Account' }));
    await vi.waitFor(() => expect(useAuthStore.getState().user?.email).toBe('ada@example.test'));
    expect(calls).toEqual([{ url: '/api/auth/register/confirm', body: { token: 'abc_DEF-123' } }]);
    useAuthStore.getState().clear();
  });

  it('a used or expired link shows why', async () => {
    const message = 'This link is invalid or has expired. Please register again.';
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ success: false, code: 'BAD_REQUEST', message }), { status: 400 }),
    );
    wrap(<ConfirmRegistration />, ['/auth/confirm-email#token=used']);
    await userEvent.click(screen.getByRole('button', { name: 'Create My Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('without a token the link page says so and cannot be submitted', () => {
    vi.stubGlobal('fetch', vi.fn());
    wrap(<ConfirmRegistration />, ['/auth/confirm-email']);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.getByRole('button', { name: 'Create My Account' })).toBeDisabled();
  });
});
