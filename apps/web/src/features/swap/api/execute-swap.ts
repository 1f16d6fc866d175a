import { apiPaths, transactionResponseSchema } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type ExecuteSwapInput = { quoteId: string; idempotencyKey: string };

/**
 * POST /swap { quoteId } with an Idempotency-Key: books the quote and answers the (pending)
 * transaction. 422 for an expired quote or too little balance, 409 for a quote already used.
 */
export const executeSwap = ({ quoteId, idempotencyKey }: ExecuteSwapInput) =>
  apiRequest(apiPaths.swap, {
    method: 'POST',
    body: { quoteId },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: transactionResponseSchema,
  });

/** The transaction modal reports failures, so no toast. */
export const useExecuteSwap = () => useMutation({ mutationFn: executeSwap, meta: { silent: true } });
