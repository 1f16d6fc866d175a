import { apiPaths, QUOTE_TTL_MS, swapQuoteSchema, type SwapQuote, type SwapQuoteRequest } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { swapKeys } from './query-keys';

/**
 * POST /swap/quote (bearer, KYC verified): price, amounts and fee for `amount` of `from`,
 * valid QUOTE_TTL_MS. 422 below the minimums (10 USDT, 0.01 QMGT) with the reason.
 */
export const getSwapQuote = (request: SwapQuoteRequest, signal?: AbortSignal) =>
  apiRequest(apiPaths.swapQuote, { method: 'POST', body: request, schema: swapQuoteSchema, signal });

/**
 * A quote and when this browser must stop offering it. The deadline is counted from when the
 * request left, on this browser's clock: never later than the server's own expiry, whatever
 * the difference between the two clocks.
 */
export type TimedQuote = SwapQuote & { validUntil: number };

export const swapQuoteQueryOptions = (request: SwapQuoteRequest) =>
  queryOptions({
    queryKey: swapKeys.quote(request),
    queryFn: async ({ signal }): Promise<TimedQuote> => {
      const requestedAt = Date.now();
      const quote = await getSwapQuote(request, signal);
      return { ...quote, validUntil: requestedAt + QUOTE_TTL_MS };
    },
    // A quote is a promise with an expiry: never served from an old cache entry, never
    // replaced behind the reader's back (the screen asks again when it runs out).
    gcTime: 0,
    staleTime: QUOTE_TTL_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // The screen shows the reason beside the amount.
    meta: { silent: true },
  });

export const useSwapQuote = (request: SwapQuoteRequest | null) =>
  useQuery({
    ...swapQuoteQueryOptions(request ?? { from: 'USDT', to: 'QMGT', amount: '0' }),
    enabled: request !== null,
  });

/**
 * The rule the amount broke (a minimum, too many decimals) when the API refuses to quote it:
 * 422 naming the `amount` field. Only a different amount helps, so it belongs at the field.
 */
export function amountRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.status === 422 && error.details.field === 'amount' ? error.message : null;
}

/** No answer, too many requests or a server failure: asking again for the same quote may work. */
export function mayRetryQuote(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}
