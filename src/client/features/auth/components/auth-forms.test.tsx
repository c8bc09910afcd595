import { AUTH_MESSAGES } from '#shared/auth/auth.schemas.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

// fetch is the boundary; each test decides how the API answers.
afterEach(() => vi.unstubAllGlobals());

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
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
      async () => new Response(JSON.stringify({ success: false, code: 'CONFLICT', message: 'x' }), { status: 409 }),
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
