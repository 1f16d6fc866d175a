import { apiPaths, transactionResponseSchema } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type SellTokenInput = { amount: string; idempotencyKey: string };

/**
 * POST /sell-token { amount } (QMGT) with an Idempotency-Key: sells at the sell price of the
 * moment and answers the (pending) transaction.
 */
export const sellToken = ({ amount, idempotencyKey }: SellTokenInput) =>
  apiRequest(apiPaths.sellToken, {
    method: 'POST',
    body: { amount },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: transactionResponseSchema,
  });

/** The transaction modal reports failures, so no toast. */
export const useSellToken = () => useMutation({ mutationFn: sellToken, meta: { silent: true } });
