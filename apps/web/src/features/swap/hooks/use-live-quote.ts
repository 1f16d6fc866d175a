import type { SwapQuoteRequest } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { parseAmount } from '@/lib/money';
import { swapQuoteQueryOptions } from '../api/swap-api';
import { useCountdown } from '@/lib/use-countdown';

/**
 * The quote a form shows and sends (the swap screen, the sell card): asked for `request`
 * (null: nothing to quote yet), counted down to its expiry, and replaced as soon as it expires
 * unless `holding` (a confirmation is on its way with it). `matches` says the quote on screen is
 * for exactly the amount the field holds now, so only that quote can be confirmed.
 */
export function useLiveQuote(request: SwapQuoteRequest | null, { holding }: { holding: boolean }) {
  const query = useQuery({
    ...swapQuoteQueryOptions(request ?? { from: 'USDT', to: 'QMGT', amount: '0' }),
    enabled: request !== null,
  });
  const quote = query.data;
  const secondsLeft = useCountdown(quote?.validUntil ?? null);
  const expired = secondsLeft === 0;

  const { refetch, isFetching } = query;
  useEffect(() => {
    if (expired && !holding && !isFetching) void refetch();
  }, [expired, holding, isFetching, refetch]);

  const matches =
    quote !== undefined &&
    request !== null &&
    quote.from === request.from &&
    parseAmount(quote.amountIn, request.from) === parseAmount(request.amount, request.from);

  return { query, quote: matches ? quote : undefined, secondsLeft, expired, requote: refetch };
}
