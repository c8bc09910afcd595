import { useSearchParams } from 'react-router';
import { MAX_PAGE } from '#shared/api/list.schemas.ts';

/** The page number in a URL parameter: a whole number from 1 to MAX_PAGE, else 1. */
export function readPage(params: URLSearchParams, name: string): number {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value >= 1 && value <= MAX_PAGE ? value : 1;
}

/** The parameters with the page set (page 1 is the default, so it is removed from the URL). */
export function withPage(params: URLSearchParams, name: string, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete(name);
  else next.set(name, String(page));
  return next;
}

/** The page a list shows, from the URL (1 when absent or invalid). */
export function usePageParam(param = 'page'): number {
  const [searchParams] = useSearchParams();
  return readPage(searchParams, param);
}
