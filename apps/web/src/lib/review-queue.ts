import type { ReviewQueue } from '@qmgt/contracts';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client';

const PAGE_SIZE = 50;

type QueuePage<R> = { data: R[]; nextCursor: string | null };

/**
 * An operator review queue's pages (GET path?queue=&cursor=): open requests oldest first or
 * the decided ones latest first, each page starting after the last row shown (by key). The
 * key is `[...key, queue]`, so invalidating `key` reloads both views after a decision.
 */
export const reviewQueueOptions =
  <R>(options: {
    key: QueryKey;
    path: string;
    schema: z.ZodType<QueuePage<R>>;
    /** While some row still moves on its own (a payout being sent), reload at this pace. */
    followWhile?: (row: R) => boolean;
  }) =>
  (queue: ReviewQueue) =>
    infiniteQueryOptions({
      queryKey: [...options.key, queue],
      queryFn: ({ signal, pageParam }) =>
        apiRequest(options.path, {
          schema: options.schema,
          query: { queue, cursor: pageParam, pageSize: String(PAGE_SIZE) },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchInterval: (query) =>
        options.followWhile && query.state.data?.pages.some((page) => page.data.some(options.followWhile!))
          ? 5_000
          : false,
      meta: { silent: true },
    });

export type ReviewQueueOptions<R> = ReturnType<ReturnType<typeof reviewQueueOptions<R>>>;
