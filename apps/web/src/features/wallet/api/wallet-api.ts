import {
  accountAddressResponseSchema,
  apiPaths,
  explorerTxSchema,
  faucetResponseSchema,
  goldPriceResponseSchema,
} from '@qmgt/contracts';
import { mutationOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from './query-keys';

export type { ExplorerTx, FaucetResponse } from '@qmgt/contracts';

/* The wallet (the balance's query is get-balance.ts): the deposit address, the gold price, the local chain's explorer, the sandbox faucet. */

/** GET /getAccountAddress/{userHash} (bearer, own hash only): the custodial deposit address. */
export const getAccountAddress = (userHash: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.accountAddress(userHash), { schema: accountAddressResponseSchema, signal });

export const accountAddressQueryOptions = (userHash: string) =>
  queryOptions({
    queryKey: walletKeys.address(userHash),
    queryFn: ({ signal }) => getAccountAddress(userHash, signal),
    // The header shows "no address" on failure; no toast.
    meta: { silent: true },
    staleTime: Infinity,
  });

/** The signed-in client's wallet address, or null while unknown or when there is none. */
export const useAccountAddress = (userHash: string | undefined): string | null => {
  const query = useQuery({ ...accountAddressQueryOptions(userHash ?? ''), enabled: Boolean(userHash) });
  return query.data?.data || null;
};

/** The feed refreshes every 60 s (DESIGN.md section 2); asking more often shows nothing new. */
const GOLD_PRICE_REFRESH_MS = 60_000;

/**
 * Asked again just after the feed's next tick (its time + one period), not a fixed minute after
 * the last answer: a fixed interval left the dashboard's card up to a whole period behind the
 * price other screens had already quoted (issue 23, problem 11). Between 5 s and one period.
 */
export function untilNextTick(at: string | undefined, now = Date.now()): number {
  const tick = at ? Date.parse(at) : Number.NaN;
  if (Number.isNaN(tick)) return GOLD_PRICE_REFRESH_MS;
  return Math.min(GOLD_PRICE_REFRESH_MS, Math.max(5_000, tick + GOLD_PRICE_REFRESH_MS + 2_000 - now));
}

/**
 * GET /market/gold-price?days=N (public): spot, QMGT buy and sell prices in USD per gram
 * (1 QMGT = 1 gram) and the spot history of the last N days.
 */
export const getGoldPrice = (days: number, signal?: AbortSignal) =>
  apiRequest(apiPaths.goldPrice, {
    schema: goldPriceResponseSchema,
    query: { days: String(days) },
    auth: false,
    signal,
  });

export const goldPriceQueryOptions = (days = 7) =>
  queryOptions({
    queryKey: walletKeys.goldPrice(days),
    queryFn: ({ signal }) => getGoldPrice(days, signal),
    staleTime: GOLD_PRICE_REFRESH_MS,
    refetchInterval: (query) => untilNextTick(query.state.data?.at),
    meta: { silent: true },
  });

/** How often a transaction that is not final yet is asked about again. */
export const EXPLORER_POLL_MS = 2_000;

/** GET /explorer/tx/{hash} (public): the local chain's view of a transaction; 404 when unknown. */
export const getExplorerTx = (hash: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.explorerTx(hash), { schema: explorerTxSchema, auth: false, signal });

export const explorerTxQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: walletKeys.explorerTx(hash),
    queryFn: ({ signal }) => getExplorerTx(hash, signal),
    // Confirmations keep growing; a pending transaction is followed until it is mined.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? EXPLORER_POLL_MS : false),
    meta: { silent: true },
  });

/**
 * POST /dev/faucet (sandbox only, bearer): mints test USDT to the caller's deposit address
 * on the local chain. The deposit watcher credits it a few seconds later, like a real deposit.
 */
export const requestFaucet = (amount: string) =>
  apiRequest(apiPaths.devFaucet, { method: 'POST', body: { asset: 'USDT', amount }, schema: faucetResponseSchema });

export const requestFaucetMutation = () => mutationOptions({ mutationFn: requestFaucet, meta: { silent: true } });
