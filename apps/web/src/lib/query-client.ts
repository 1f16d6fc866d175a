import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client';
import { notifyError } from './notify';

/** What a query or mutation may tell the global error handler. */
export type RequestMeta = {
  /** The caller shows its own error state; no toast. */
  silent?: boolean;
  /** Toast text when the server gives no message (default 'Failed'). */
  errorFallback?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

const MAX_RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;
const CACHE_TIME_MS = 5 * 60 * 1000;

/** A 4xx answer will not change by asking again; network and server failures might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

/** 1 s, 2 s, 4 s ... capped at 30 s (SPEC.md section 7). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

function toastFailure(error: unknown, meta: RequestMeta | undefined): void {
  if (meta?.silent) return;
  // A refused token is reported once by the session-ended handler, not by every query.
  if (error instanceof ApiError && error.sessionEnded) return;
  notifyError(errorMessage(error, meta?.errorFallback));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastFailure(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => toastFailure(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: CACHE_TIME_MS },
      mutations: { retry: false },
    },
  });
}
