import { apiPaths, transactionResponseSchema, type Transaction } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { transactionKeys } from './query-keys';

/** A pending swap settles on chain within seconds in the sandbox: ask again this often until it is final. */
export const TRANSACTION_POLL_MS = 1_000;

export const isSettled = (transaction: Transaction | undefined) =>
  transaction !== undefined && transaction.status !== 'pending';

/** GET /transaction-details/{id}/{type} (bearer, own only): one transaction; 404 for anyone else's. */
export const getTransactionDetails = (id: string, type: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.transactionDetails(id, type), { schema: transactionResponseSchema, signal });

export const transactionDetailsQueryOptions = (id: string, type: string) =>
  queryOptions({
    queryKey: transactionKeys.details(id, type),
    queryFn: ({ signal }) => getTransactionDetails(id, type, signal),
    // Follows the chain to finality: completed (with its hash) or failed (with the reason).
    refetchInterval: (query) =>
      query.state.data && !isSettled(query.state.data.transaction) ? TRANSACTION_POLL_MS : false,
    meta: { silent: true },
  });

export const useTransactionDetails = (id: string, type: string, enabled = true) =>
  useQuery({ ...transactionDetailsQueryOptions(id, type), enabled });
