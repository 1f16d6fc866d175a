import { apiPaths, transactionsResponseSchema } from '@qmgt/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { transactionKeys, type TransactionsList } from './query-keys';

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

export const useTransactions = (params: TransactionsList) => useInfiniteQuery(transactionsQueryOptions(params));
