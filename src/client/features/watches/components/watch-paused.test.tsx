import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WATCH_PAUSED_NOTE, watchPausedMessage, type WatchState } from '#shared/watches/watches.schemas.ts';
import { WatchToggle } from './watch-toggle.tsx';
import { WhatChanged } from './what-changed.tsx';

// A watch paused by a downgrade (issue 33): the button still says it is watched, a note beside it says
// it is paused, and "What changed" says why and what resumes it. An active watch shows neither.

const BASE: WatchState = {
  isWatching: true,
  watchedSince: '2026-11-01T10:00:00.000Z',
  runs: [
    { id: 1, kind: 'baseline', corpusVersion: 'full-a', ranAt: '2026-11-01T10:00:00.000Z', changes: 0, diff: null },
  ],
  used: 3,
  limit: 1,
  isPaused: false,
  pausedReason: null,
};

let answer: WatchState = BASE;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ success: true, data: answer }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWith(ui: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a paused watch', () => {
  it('says it is paused beside the button and why under "What changed"', async () => {
    answer = { ...BASE, isPaused: true, pausedReason: watchPausedMessage(1) };
    renderWith(
      <>
        <WatchToggle searchId={5} />
        <WhatChanged searchId={5} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Watching this market', pressed: true })).toBeInTheDocument();
    expect(screen.getByText(WATCH_PAUSED_NOTE)).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'What changed' });
    expect(within(section).getByText(watchPausedMessage(1))).toBeInTheDocument();
    expect(within(section).queryByText(/re-run on each new version/)).toBeNull();
  });

  it('shows neither for an active watch', async () => {
    answer = BASE;
    renderWith(
      <>
        <WatchToggle searchId={6} />
        <WhatChanged searchId={6} />
      </>,
    );
    const section = await screen.findByRole('region', { name: 'What changed' });
    expect(within(section).getByText(/re-run on each new version of the data/)).toBeInTheDocument();
    expect(screen.queryByText(WATCH_PAUSED_NOTE)).toBeNull();
    expect(screen.queryByText(/^Paused:/)).toBeNull();
  });
});
