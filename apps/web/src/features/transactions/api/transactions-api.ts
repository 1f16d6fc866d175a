import { apiPaths, transactionsResponseSchema } from '@qmgt/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { followedTransactionQueryOptions } from './get-transaction-details';
import { transactionKeys, type TransactionsList } from './query-keys';

/* The client's transactions (DESIGN.md section 4): the history by key, the latest ten, one by its code (one by id is get-transaction-details.ts). */

/** GET /transactions/{type}/{code}: one transaction by the code support reads out. */
export const transactionByCodeQueryOptions = (type: string, code: string) =>
  followedTransactionQueryOptions(transactionKeys.byCode(type, code), apiPaths.transactionByCode(type, code));

/** GET /transactions?type=&cursor=&pageSize= (bearer): one page of the caller's history, newest first. */
export const getTransactions = (
  { type, pageSize }: TransactionsList,
  cursor: string | undefined,
  signal?: AbortSignal,
) =>
  apiRequest(apiPaths.transactions, {
    schema: transactionsResponseSchema,
    query: { type, cursor, pageSize: String(pageSize) },
    signal,
  });

/** Pages follow the server's nextCursor: each page starts after the last row shown, so none repeats. */
export const transactionsQueryOptions = (params: TransactionsList) =>
  infiniteQueryOptions({
    queryKey: transactionKeys.list(params),
    queryFn: ({ signal, pageParam }) => getTransactions(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The history shows its own error state with a retry.
    meta: { silent: true },
  });

/** GET /recent-activities-user (bearer): the caller's ten latest transactions. */
export const getRecentActivities = (signal?: AbortSignal) =>
  // The answer is the list's `data` without a total (DESIGN.md section 4).
  apiRequest(apiPaths.recentActivities, { schema: transactionsResponseSchema.pick({ data: true }), signal });

export const recentActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: transactionKeys.recent(),
    queryFn: ({ signal }) => getRecentActivities(signal),
    meta: { silent: true },
  });
