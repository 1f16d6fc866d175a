import { apiPaths, transactionsResponseSchema } from '@qmgt/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { transactionKeys, type TransactionsPage } from './query-keys';

/** GET /transactions?type=&page=&pageSize= (bearer): one page of the caller's history, newest first. */
export const getTransactions = ({ type, page, pageSize }: TransactionsPage, signal?: AbortSignal) =>
  apiRequest(apiPaths.transactions, {
    schema: transactionsResponseSchema,
    query: { type, page: String(page), pageSize: String(pageSize) },
    signal,
  });

export const transactionsQueryOptions = (params: TransactionsPage) =>
  queryOptions({
    queryKey: transactionKeys.list(params),
    queryFn: ({ signal }) => getTransactions(params, signal),
    // The history shows its own error state with a retry.
    meta: { silent: true },
  });

/** Keeps the page on screen while the next one loads, so paging does not flash empty. */
export const useTransactions = (params: TransactionsPage) =>
  useQuery({ ...transactionsQueryOptions(params), placeholderData: keepPreviousData });
