import { apiPaths, transactionResponseSchema, type SellTokenRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

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

/** The transaction modal reports failures, so no toast. */
export const useSellToken = () => useMutation({ mutationFn: sellToken, meta: { silent: true } });
