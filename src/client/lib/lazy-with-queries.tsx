import { lazy, type ComponentType } from 'react';

// TanStack Query (query-core and the app's client, about 12 kB gzip) is not part of the landing page's
// first load: nothing the landing page renders reads it. Everything that does is lazy, and loads the
// client beside its own chunk with this helper, which puts the provider inside the lazy boundary, so
// the component never renders without it.

/** React.lazy for a component that reads TanStack Query: its chunk and the query client, loaded together. */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { QueryProvider }] = await Promise.all([load(), import('./query-provider.tsx')]);
    function WithQueries(props: P) {
      return (
        <QueryProvider>
          <Component {...props} />
        </QueryProvider>
      );
    }
    WithQueries.displayName = `WithQueries(${Component.displayName ?? Component.name})`;
    return { default: WithQueries };
  });
}
