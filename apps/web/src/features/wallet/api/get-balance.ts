import { apiPaths, balanceResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { walletKeys } from './query-keys';

// Apart from wallet-api.ts: the signed-in first screen's first paint imports it, and the wallet's other calls would come with it.

/** GET /get-qmgt-balance (bearer): available USDT and QMGT as decimal strings. */
export const getBalance = (signal?: AbortSignal) =>
  apiRequest(apiPaths.qmgtBalance, { schema: balanceResponseSchema, signal });

export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.balance(),
    queryFn: ({ signal }) => getBalance(signal),
    // Screens show their own error state beside the figures.
    meta: { silent: true },
    staleTime: 5_000,
  });

type UseBalanceOptions = {
  enabled?: boolean;
  /** Ask again every `refetchInterval` ms (a deposit on its way). */
  refetchInterval?: number | false;
};

/**
 * The available balances. Every answer is mirrored into the session store's `balance`
 * (SPEC.md section 3), still as strings.
 */
export const useBalance = ({ enabled = true, refetchInterval = false }: UseBalanceOptions = {}) => {
  const query = useQuery({ ...balanceQueryOptions(), enabled, refetchInterval });
  const setBalance = useSessionStore((s) => s.setBalance);
  const { data } = query;
  useEffect(() => {
    if (data) setBalance({ usdt: data.usdt, qmgt: data.qmgt });
  }, [data, setBalance]);
  return query;
};
