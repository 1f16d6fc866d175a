import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest, type SchemaSource } from './api-client';

/** What every list the API pages by key answers: a page of rows and where the next one starts. */
export type KeyedPage = { nextCursor: string | null };

/**
 * A list the API pages by key (`?cursor=` in, `{ data, nextCursor }` out), declared once: its
 * query key, its path and the contract's schema of a page become TanStack Query's infinite
 * query options, so a screen shows it with `useInfiniteQuery` and `PagedQueryTable`. `query`
 * holds the list's own filters (a status); the cursor is added page by page.
 */
export function pagedQueryOptions<Page extends KeyedPage, Key extends QueryKey>({
  queryKey,
  path,
  schema,
  query,
  auth,
}: {
  queryKey: Key;
  path: string;
  schema: SchemaSource<Page>;
  query?: Record<string, string | undefined>;
  /** false for a public list (no access token sent). */
  auth?: boolean;
}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(path, { schema, query: { cursor: pageParam, ...query }, signal, ...(auth === false ? { auth } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
