import {
  apiPaths,
  QUOTE_TTL_MS,
  swapQuoteSchema,
  transactionResponseSchema,
  type SellTokenRequest,
  type SwapQuote,
  type SwapQuoteRequest,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { swapKeys } from './query-keys';

/* Swap USDT and QMGT at a quoted price (SPEC.md section 5), and sell QMGT at one. */

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

export type ExecuteSwapInput = { quoteId: string; idempotencyKey: string };

/**
 * POST /swap { quoteId } with an Idempotency-Key: books the quote and answers the (pending)
 * transaction. 422 for an expired quote or too little balance, 409 for a quote already used.
 * The route runs it through the transaction modal, which reports failures.
 */
export const executeSwap = ({ quoteId, idempotencyKey }: ExecuteSwapInput) =>
  apiRequest(apiPaths.swap, {
    method: 'POST',
    body: { quoteId },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: transactionResponseSchema,
  });

export type SellTokenInput = { amount: string; quoteId: string; idempotencyKey: string };

/**
 * POST /sell-token { amount, quoteId } (QMGT) with an Idempotency-Key: sells at the quote the
 * customer was shown and answers the (pending) transaction. Refused with QuoteExpiredError,
 * QuoteUsedError or PriceMovedError (nothing sold: ask for a new quote), or
 * IdempotencyKeyInUseError while the first request with this key still runs (send it again).
 */
export const sellToken = ({ amount, quoteId, idempotencyKey }: SellTokenInput) =>
  apiRequest(apiPaths.sellToken, {
    method: 'POST',
    body: { amount, quoteId } satisfies SellTokenRequest,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: transactionResponseSchema,
  });
