import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, explorerTxSchema } from '@qmgt/contracts';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** How often a transaction that is not final yet is asked about again. */
export const EXPLORER_POLL_MS = 2_000;

export type { ExplorerTx } from '@qmgt/contracts';

export const explorerTxPath = apiPaths.explorerTx;

/** GET /explorer/tx/{hash} (public): the local chain's view of a transaction; 404 when unknown. */
export const getExplorerTx = (hash: string, signal?: AbortSignal) =>
  apiRequest(explorerTxPath(hash), { schema: explorerTxSchema, auth: false, signal });

export const explorerTxQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: walletKeys.explorerTx(hash),
    queryFn: ({ signal }) => getExplorerTx(hash, signal),
    // Confirmations keep growing; a pending transaction is followed until it is mined.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? EXPLORER_POLL_MS : false),
    meta: { silent: true },
  });

export const useExplorerTx = (hash: string) => useQuery(explorerTxQueryOptions(hash));
