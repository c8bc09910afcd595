import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { greetingName } from '#shared/auth/display-name.ts';
import { WelcomePill } from './welcome-pill.tsx';

describe('welcome pill (docs/product/overview.md)', () => {
  it.each([
    [{ firstName: 'Ada', email: 'ada@example.test' }, 'Ada'],
    [{ firstName: null, email: 'ada@example.test' }, 'ada@example.test'],
    [{ firstName: '  ', email: '' }, 'User'],
  ])('greets %j as %s', (user, expected) => {
    expect(greetingName(user)).toBe(expected);
  });

  it('shows a crown for paid plans, named by the real plan', () => {
    const base = { id: 1, email: 'a@example.test', firstName: 'Ada', name: 'Ada', isPaid: true } as PublicUser;
    useAuthStore.getState().setSession({ user: { ...base, plan: 'pro' }, accessToken: 't' });
    const { unmount } = render(<WelcomePill />);
    expect(screen.getByLabelText('Pro member')).toBeInTheDocument();
    expect(screen.getByText('Ada')).toBeInTheDocument();
    unmount();
    useAuthStore.getState().setSession({ user: { ...base, plan: 'free', isPaid: false }, accessToken: 't' });
    const free = render(<WelcomePill />);
    expect(screen.queryByLabelText('Pro member')).toBeNull();
    free.unmount();
    useAuthStore.getState().setSession({ user: { ...base, plan: 'enterprise' }, accessToken: 't' });
    render(<WelcomePill />);
    expect(screen.getByLabelText('Enterprise member')).toBeInTheDocument();
    expect(screen.queryByLabelText('Pro member')).toBeNull();
  });
});
