import type { ErrorName } from '@qmgt/contracts';
import { ApiError, errorMessage } from '@/lib/api-client';

/**
 * What the customer reads when a money-moving request is refused, for the failures they must
 * tell apart (packages/contracts errors.ts). A refusal here moved nothing; the form that sent it
 * asks for a new quote at once ('refused'), except for a key still running, which is the same
 * attempt sent again ('retry').
 */
const MESSAGES: Partial<Record<ErrorName, string>> = {
  QuoteExpiredError:
    'The quote expired before it reached us, so nothing moved. A new quote is on screen: check it and confirm again.',
  QuoteUsedError:
    'This quote has already been used, so nothing more moved. Check your history; a new quote is on screen if you want another.',
  PriceMovedError:
    'The price moved past the quote you accepted, so nothing moved. A new quote is on screen: check it and confirm again.',
  IdempotencyKeyInUseError:
    'Your previous attempt is still being processed. Wait a few seconds, then confirm again to see how it ended.',
};

export function moneyErrorMessage(error: unknown): string {
  const known = error instanceof ApiError ? MESSAGES[error.errorName as ErrorName] : undefined;
  return known ?? errorMessage(error, 'The transaction could not be sent. Please try again.');
}

/**
 * No answer, the server failed, or the first request with this key still runs: the same request
 * with the same Idempotency-Key may be sent again, and the server books it at most once.
 */
export function mayRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorName === 'IdempotencyKeyInUseError';
}
