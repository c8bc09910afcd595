import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { testUser } from '#client/test/test-user.ts';
import { CreatePlanButton } from './create-plan-button.tsx';

// Issue 29: on Free, "Create action plan" had no Pro mark, answered 403, and the example plan came from
// another analysis (an idea's button sent no opportunity at all).

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderButton(ui: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/ideas/5']}>
        <Routes>
          <Route path="/ideas/5" element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => useAuthStore.setState({ user: null }));

describe('Create action plan on Free (issue 29)', () => {
  it('is marked Pro before the click and opens the example of this idea, without a 403', async () => {
    useAuthStore.setState({ user: testUser('free') });
    const { calls } = fakeApi({ 'GET /api/action-plans/templates': () => [200, []] });
    // An idea typed without a search has no source opportunity: its example is still its own.
    renderButton(<CreatePlanButton ideaId={5} />);
    const button = screen.getByRole('button', { name: /Create action plan \(Pro feature\)/ });
    expect(button.textContent).toContain('Pro');
    await userEvent.click(button);
    expect(screen.getByTestId('where').textContent).toBe('/action-plan?idea=5');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('opens the example of this opportunity from a search result', async () => {
    useAuthStore.setState({ user: testUser('free') });
    fakeApi({ 'GET /api/action-plans/templates': () => [200, []] });
    renderButton(<CreatePlanButton searchResultId={42} />);
    await userEvent.click(screen.getByRole('button', { name: /Create action plan \(Pro feature\)/ }));
    expect(screen.getByTestId('where').textContent).toBe('/action-plan?from=42');
  });

  it('has no Pro mark for a Pro user', () => {
    useAuthStore.setState({ user: testUser('pro') });
    fakeApi({ 'GET /api/action-plans/templates': () => [200, []] });
    renderButton(<CreatePlanButton searchResultId={7} />);
    expect(screen.getByRole('button', { name: 'Create action plan' }).textContent).not.toContain('Pro');
  });
});
