import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** How often a transaction that is not final yet is asked about again. */
export const EXPLORER_POLL_MS = 2_000;

// Not in @qmgt/contracts: the API declares the explorer answer beside its route.
const explorerTxSchema = z.object({
  hash: z.string(),
  status: z.enum(['pending', 'success', 'reverted']),
  blockNumber: z.string().nullable(),
  timestamp: z.string().nullable(),
  confirmations: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  /** Token movements decoded from the logs; `token` is null for a contract the platform does not know. */
  transfers: z.array(z.object({ token: z.string().nullable(), from: z.string(), to: z.string(), amount: z.string() })),
});
export type ExplorerTx = z.infer<typeof explorerTxSchema>;

export const explorerTxPath = (hash: string) => `/explorer/tx/${encodeURIComponent(hash)}`;

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
