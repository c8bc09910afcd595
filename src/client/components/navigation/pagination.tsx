import { useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { readPage, withPage } from './page-param.ts';

/**
 * Previous / Page N / Next for a list whose page lives in the URL (`?page=2`, or another parameter
 * when a screen has two lists), so a reload, a shared link or Back shows the same page.
 * Renders nothing for a single page.
 */
export function Pagination({
  hasMore,
  param = 'page',
  label = 'Pages',
}: {
  hasMore: boolean;
  param?: string;
  label?: string;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams, param);
  if (page <= 1 && !hasMore) return null;
  const go = (next: number) => setSearchParams((current) => withPage(current, param, next));
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-center gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </Button>
      <span className="text-sm" aria-current="page">
        Page {page}
      </span>
      <Button variant="outline" disabled={!hasMore} onClick={() => go(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
