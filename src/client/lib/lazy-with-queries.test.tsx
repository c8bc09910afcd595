import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithQueries } from './lazy-with-queries.tsx';
import { queryClient } from './query-client.ts';

// The query client is not in the first load: a lazy component that reads it gets the app's one client
// through lazyWithQueries, or the client a caller (a test) already provides.

function ReadsClient({ own }: { own?: QueryClient }) {
  const client = useQueryClient();
  return <p>{client === queryClient ? 'the app client' : client === own ? 'the caller client' : 'another client'}</p>;
}

describe('lazyWithQueries', () => {
  it("renders the component with the app's query client when nothing above provides one", async () => {
    const Lazy = lazyWithQueries(async () => ReadsClient);
    render(
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>,
    );
    expect(await screen.findByText('the app client')).toBeInTheDocument();
  });

  it('keeps the client a caller provides', async () => {
    const own = new QueryClient();
    const Lazy = lazyWithQueries(async () => ReadsClient);
    render(
      <QueryClientProvider client={own}>
        <Suspense fallback={null}>
          <Lazy own={own} />
        </Suspense>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('the caller client')).toBeInTheDocument();
  });
});
