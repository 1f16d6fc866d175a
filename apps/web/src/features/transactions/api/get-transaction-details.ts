import { apiPaths, transactionResponseSchema, type Transaction } from '@qmgt/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { transactionKeys } from './query-keys';

// Apart from transactions-api.ts: the signed-in first screen's transaction flow imports it, and the lists' calls would come with it.

/** A pending swap settles on chain within seconds in the sandbox: ask again this often until it is final. */
export const TRANSACTION_POLL_MS = 1_000;

export const isSettled = (transaction: Transaction | undefined) =>
  transaction !== undefined && transaction.status !== 'pending';

/**
 * One transaction of the signed-in client (bearer, own only; 404 for anyone else's), however it
 * is named, followed to finality: completed (with its hash) or failed (with the reason).
 */
export const followedTransactionQueryOptions = <K extends QueryKey>(queryKey: K, path: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiRequest(path, { schema: transactionResponseSchema, signal }),
    refetchInterval: (query) =>
      query.state.data && !isSettled(query.state.data.transaction) ? TRANSACTION_POLL_MS : false,
    meta: { silent: true },
  });

/** GET /transaction-details/{id}/{type}. */
export const transactionDetailsQueryOptions = (id: string, type: string) =>
  followedTransactionQueryOptions(transactionKeys.details(id, type), apiPaths.transactionDetails(id, type));
