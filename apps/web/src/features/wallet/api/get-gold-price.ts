import { apiPaths, goldPriceResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** The feed refreshes every 60 s (DESIGN.md section 2); asking more often shows nothing new. */
const GOLD_PRICE_REFRESH_MS = 60_000;

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
    refetchInterval: GOLD_PRICE_REFRESH_MS,
    meta: { silent: true },
  });

export const useGoldPrice = (days = 7) => useQuery(goldPriceQueryOptions(days));
