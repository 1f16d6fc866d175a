import {
  adminUsdauRequestsResponseSchema,
  apiPaths,
  usdauRequestResponseSchema,
  usdauRequestsResponseSchema,
  type UsdauRequestBody,
} from '@qmgt/contracts';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { decisionRequest } from '@/lib/decision-request';
import { reviewQueueOptions } from '@/lib/review-queue';

/* USDAU Request External (grams of the gold savings account paid out as USDAU) and the operator's queue. */

export const usdauKeys = {
  requests: () => ['usdau', 'requests'] as const,
  admin: () => ['usdau', 'admin'] as const,
};

/** A request waits for an operator, then for the chain: followed until it is sent, refused or failed. */
const open = (status: string) => status === 'pending' || status === 'approved';

export const usdauRequestsQueryOptions = () =>
  queryOptions({
    queryKey: usdauKeys.requests(),
    queryFn: ({ signal }) => apiRequest(apiPaths.requestExternalUsdau, { schema: usdauRequestsResponseSchema, signal }),
    refetchInterval: (query) => (query.state.data?.data.some((r) => open(r.status)) ? 5_000 : false),
  });

export const requestUsdau = (body: UsdauRequestBody, idempotencyKey: string) =>
  apiRequest(apiPaths.requestExternalUsdau, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: usdauRequestResponseSchema,
  });

/**
 * The screen passes the attempt's Idempotency-Key with the request. The requests are asked for
 * again after any answer (a lost one may still have been booked), in onSettled, so the form's own
 * onSuccess/onError, spread over these options, does not replace it. The form says what failed.
 */
export const requestUsdauMutation = () =>
  mutationOptions({
    mutationFn: ({ idempotencyKey, ...body }: UsdauRequestBody & { idempotencyKey: string }) =>
      requestUsdau(body, idempotencyKey),
    meta: { silent: true },
    onSettled: (_answer, _error, _input, _result, { client }) =>
      void client.invalidateQueries({ queryKey: usdauKeys.requests() }),
  });

/** The operator's USDAU review, followed while an approved payout is on its way. */
export const adminUsdauRequestsQueryOptions = reviewQueueOptions({
  key: usdauKeys.admin(),
  path: apiPaths.adminUsdauRequests,
  schema: adminUsdauRequestsResponseSchema,
  followWhile: (r) => r.status === 'approved',
});

export const decideUsdau = decisionRequest(apiPaths.adminUsdauDecision, usdauRequestResponseSchema);
