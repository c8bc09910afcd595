import { z } from 'zod';

// One list contract for every list endpoint: page numbers for screens (the page is in the URL) and
// opaque cursors for API clients that walk a whole list. The server's paginate() implements both.

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 10_000;

/** `?page=&pageSize=&cursor=`: a cursor, when given, wins over the page number. */
export function listQuerySchema(options: { defaultPageSize?: number } = {}) {
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .default(options.defaultPageSize ?? DEFAULT_PAGE_SIZE),
    cursor: z.string().min(1).max(500).optional(),
  });
}
export type ListQuery = z.output<ReturnType<typeof listQuerySchema>>;

/** One page of a list: the items, where it is, and how to get the next one. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Whether a next page exists. */
    hasMore: z.boolean(),
    /** Pass as `cursor` to get the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });
}
export type Page<T> = { items: T[]; page: number; pageSize: number; hasMore: boolean; nextCursor: string | null };
