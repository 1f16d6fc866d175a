import { apiPaths, transactionResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isSettled, TRANSACTION_POLL_MS } from './get-transaction-details';
import { transactionKeys } from './query-keys';

/** GET /transactions/{type}/{code} (bearer, own only): one transaction by the code support reads out. */
export const getTransactionByCode = (type: string, code: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.transactionByCode(type, code), { schema: transactionResponseSchema, signal });

export const transactionByCodeQueryOptions = (type: string, code: string) =>
  queryOptions({
    queryKey: transactionKeys.byCode(type, code),
    queryFn: ({ signal }) => getTransactionByCode(type, code, signal),
    refetchInterval: (query) =>
      query.state.data && !isSettled(query.state.data.transaction) ? TRANSACTION_POLL_MS : false,
    meta: { silent: true },
  });

export const useTransactionByCode = (type: string, code: string, enabled = true) =>
  useQuery({ ...transactionByCodeQueryOptions(type, code), enabled });
