import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import type { SearchStreamLine } from '#shared/searches/search.schemas.ts';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { apiStreamLines } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { useRunSearch } from './use-run-search.ts';

// fetch is the boundary (as in api-client.test.ts): it answers with real Response objects whose
// bodies arrive in chunks, the way a streamed search does. The browser suite runs the real server.

let requests: { url: string; init: RequestInit }[] = [];
let answer: (init: RequestInit) => Promise<Response>;

function ndjson(lines: SearchStreamLine[], chunkSize = 7): Response {
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunkSize) controller.enqueue(bytes.slice(i, i + chunkSize));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
}

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return answer(init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiStreamLines', () => {
  it('yields each line whole even when chunks split lines, and asks for NDJSON', async () => {
    const lines: SearchStreamLine[] = [
      { type: 'stage', stage: 'parsing' },
      {
        type: 'opportunity',
        opportunity: { rank: 1, title: 'A long enough title', description: 'd', category: 'food' },
      },
      { type: 'done', message: 'ok', data: { upgradeRequired: false, search: { id: 3 } } },
    ];
    answer = () => Promise.resolve(ndjson(lines, 5));
    const seen: unknown[] = [];
    for await (const line of apiStreamLines('/api/search', { query: 'x' })) seen.push(line);
    expect(seen).toEqual(lines);
    expect((requests[0]?.init.headers as Record<string, string>).accept).toBe('application/x-ndjson');
  });

  it('turns a non-OK answer into the same ApiError as other calls', async () => {
    answer = () =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, code: 'RATE_LIMITED', message: 'Slow down.' }), { status: 429 }),
      );
    const run = async () => {
      for await (const line of apiStreamLines('/api/search', {})) expect(line).toBeUndefined();
    };
    await expect(run()).rejects.toMatchObject({ code: 'RATE_LIMITED', message: 'Slow down.' });
    await expect(run()).rejects.toBeInstanceOf(ApiError);
  });
});

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="*" element={children} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

function useRunSearchWithLocation() {
  return { search: useRunSearch(), location: useLocation() };
}

describe('useRunSearch (docs/product/states.md search flow, errors.md failures)', () => {
  it('shows stages and opportunities as they stream, then navigates to /search/{id}', async () => {
    answer = () =>
      Promise.resolve(
        ndjson([
          { type: 'stage', stage: 'retrieving' },
          { type: 'opportunity', opportunity: { rank: 1, title: 'First gap', description: 'd', category: 'food' } },
          { type: 'done', message: 'ok', data: { upgradeRequired: false, search: { id: 42 } } },
        ]),
      );
    const { result } = renderHook(useRunSearchWithLocation, { wrapper });
    act(() => result.current.search.run('  bakeries  ', defaultFilters()));
    expect(result.current.search.state.isRunning).toBe(true);
    await waitFor(() => expect(result.current.location.pathname).toBe('/search/42'));
    expect(result.current.search.state.isRunning).toBe(false);
    expect(JSON.parse(requests[0]?.init.body as string)).toEqual({ query: 'bakeries', filters: defaultFilters() });
  });

  it('goes to /auth/upgrade when the quota is used up', async () => {
    answer = () =>
      Promise.resolve(ndjson([{ type: 'done', message: 'limit', data: { upgradeRequired: true, search: null } }]));
    const { result } = renderHook(useRunSearchWithLocation, { wrapper });
    act(() => result.current.search.run('bakeries', defaultFilters()));
    await waitFor(() => expect(result.current.location.pathname).toBe('/auth/upgrade'));
  });

  it.each<[string, SearchStreamLine[], string]>([
    [
      'an error line',
      [{ type: 'error', code: 'INTERNAL', message: 'The analysis failed. Please try again.' }],
      'The analysis failed. Please try again.',
    ],
    [
      'a done line without a search id',
      [{ type: 'done', message: 'ok', data: { upgradeRequired: false, search: null } }],
      'Invalid search response',
    ],
  ])('logs %s, stays put and ends loading', async (_name, lines, message) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => Promise.resolve(ndjson(lines));
    const { result } = renderHook(useRunSearchWithLocation, { wrapper });
    act(() => result.current.search.run('bakeries', defaultFilters()));
    await waitFor(() => expect(logged).toHaveBeenCalledWith(message));
    await waitFor(() => expect(result.current.search.state.isRunning).toBe(false));
    expect(result.current.location.pathname).toBe('/');
  });

  it.each([
    [429, 'RATE_LIMITED', 'You are searching very quickly. Please wait a minute and try again.'],
    [503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a few seconds.'],
    [404, 'NOT_FOUND', 'The search could not be found.'],
  ])(
    'a refusal before the stream (%i envelope) shows its message in a toast and stays put',
    async (status, code, message) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      answer = () =>
        Promise.resolve(
          new Response(JSON.stringify({ success: false, code, message }), {
            status,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          }),
        );
      const { result } = renderHook(useRunSearchWithLocation, {
        wrapper: ({ children }: { children: ReactNode }) => (
          <>
            {wrapper({ children })}
            <Toaster />
          </>
        ),
      });
      act(() => result.current.search.run('bakeries', defaultFilters()));
      expect(await screen.findByText(message)).toBeInTheDocument();
      await waitFor(() => expect(result.current.search.state.isRunning).toBe(false));
      expect(result.current.location.pathname).toBe('/');
    },
  );

  it('does nothing for a blank query', () => {
    const { result } = renderHook(useRunSearchWithLocation, { wrapper });
    act(() => result.current.search.run('   ', defaultFilters()));
    expect(requests).toHaveLength(0);
    expect(result.current.search.state.isRunning).toBe(false);
  });

  it('Cancel aborts the request', async () => {
    let signal: AbortSignal | null | undefined;
    answer = (init) =>
      new Promise((_resolve, reject) => {
        signal = init.signal;
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { result } = renderHook(useRunSearchWithLocation, { wrapper });
    act(() => result.current.search.run('bakeries', defaultFilters()));
    await waitFor(() => expect(signal).toBeTruthy());
    act(() => result.current.search.cancel());
    await waitFor(() => expect(result.current.search.state.isRunning).toBe(false));
    expect(signal?.aborted).toBe(true);
    expect(result.current.location.pathname).toBe('/');
  });
});
