import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import type { SearchStreamLine } from '#shared/searches/search.schemas.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { useRunSearch } from '../hooks/use-run-search.ts';
import { SearchProgressOverlay } from './search-progress-overlay.tsx';

// The overlay while a search waits for a free engine slot (docs/product/states.md): the server's
// `queued` lines say so, with the place in line, until the engine's first stage replaces them.
// fetch is the boundary: a real streamed Response whose lines the test sends one at a time.

let send: (line: SearchStreamLine) => void = () => undefined;

beforeEach(() => {
  vi.stubGlobal('fetch', () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (line) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }));
  });
});
afterEach(() => vi.unstubAllGlobals());

function SearchWithOverlay() {
  const { state, run, cancel } = useRunSearch();
  return (
    <>
      <button type="button" onClick={() => run('bakeries', defaultFilters())}>
        Search
      </button>
      <SearchProgressOverlay state={state} onCancel={cancel} />
    </>
  );
}

describe('SearchProgressOverlay while the engine is busy', () => {
  it('says the search waits for a free engine slot and its place in line, until the first stage', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <SearchWithOverlay />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const overlay = await screen.findByRole('alertdialog', { name: 'Analyzing Market Gaps' });

    send({ type: 'queued', position: 3 });
    expect(await within(overlay).findByRole('status')).toHaveTextContent(
      'Waiting for a free engine slot… Yours is number 3 in line.',
    );
    // Nothing has started: no stage is shown as under way.
    expect(within(overlay).queryByText('(active)')).toBeNull();

    send({ type: 'queued', position: 1 });
    await waitFor(() =>
      expect(within(overlay).getByRole('status')).toHaveTextContent(
        'Waiting for a free engine slot… Yours starts next.',
      ),
    );

    send({ type: 'stage', stage: 'parsing' });
    await waitFor(() => expect(within(overlay).queryByRole('status')).toBeNull());
    expect(within(overlay).getByRole('listitem', { current: 'step' })).toHaveTextContent('(active)');
  });
});
