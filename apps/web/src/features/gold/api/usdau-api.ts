import {
  adminUsdauRequestsResponseSchema,
  apiPaths,
  reservesSchema,
  usdauRequestResponseSchema,
  usdauRequestsResponseSchema,
  vaultBarResponseSchema,
  vaultBarsResponseSchema,
  type UsdauRequestBody,
  type VaultBarInput,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { decisionRequest } from '@/lib/decision-request';
import { reviewQueueOptions } from '@/lib/review-queue';

/* USDAU Request External, the operator's queue, and the proof of reserves with its bar list. */

export const usdauKeys = {
  requests: () => ['gold', 'usdau'] as const,
  admin: () => ['gold', 'admin', 'usdau'] as const,
  reserves: () => ['reserves'] as const,
  bars: () => ['reserves', 'bars'] as const,
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

/** The operator's USDAU review, followed while an approved payout is on its way. */
export const adminUsdauRequestsQueryOptions = reviewQueueOptions({
  key: usdauKeys.admin(),
  path: apiPaths.adminUsdauRequests,
  schema: adminUsdauRequestsResponseSchema,
  followWhile: (r) => r.status === 'approved',
});

export const decideUsdau = decisionRequest(apiPaths.adminUsdauDecision, usdauRequestResponseSchema);

export const reservesQueryOptions = () =>
  queryOptions({
    queryKey: usdauKeys.reserves(),
    queryFn: ({ signal }) => apiRequest(apiPaths.reserves, { schema: reservesSchema, signal, auth: false }),
  });

export const vaultBarsQueryOptions = () =>
  queryOptions({
    queryKey: usdauKeys.bars(),
    queryFn: ({ signal }) => apiRequest(apiPaths.adminVaultBars, { schema: vaultBarsResponseSchema, signal }),
  });

export const addVaultBar = (bar: VaultBarInput) =>
  apiRequest(apiPaths.adminVaultBars, { method: 'POST', body: bar, schema: vaultBarResponseSchema });

export const editVaultBar = (id: string, bar: VaultBarInput) =>
  apiRequest(apiPaths.adminVaultBarCorrect(id), { method: 'POST', body: bar, schema: vaultBarResponseSchema });

export const withdrawVaultBar = (id: string) =>
  apiRequest(apiPaths.adminVaultBarWithdraw(id), { method: 'POST', schema: vaultBarResponseSchema });
