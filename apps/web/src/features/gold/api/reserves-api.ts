import {
  apiPaths,
  barAllocationResponseSchema,
  reservesSchema,
  vaultBarResponseSchema,
  vaultBarsResponseSchema,
  type VaultBarInput,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { refreshingMutation } from '@/lib/refreshing-mutation';

/* The proof of reserves (public) and the operator's vault bar list it counts. */

export const reservesKeys = {
  reserves: () => ['reserves'] as const,
  bars: () => ['reserves', 'bars'] as const,
  publicBars: () => ['reserves', 'public-bars'] as const,
  mine: () => ['reserves', 'allocation'] as const,
};

export const reservesQueryOptions = () =>
  queryOptions({
    queryKey: reservesKeys.reserves(),
    queryFn: ({ signal }) => apiRequest(apiPaths.reserves, { schema: reservesSchema, signal, auth: false }),
  });

/** The operators' bar list, a page at a time in the order the bars were listed. */
export const vaultBarsQueryOptions = () =>
  pagedQueryOptions({
    queryKey: reservesKeys.bars(),
    path: apiPaths.adminVaultBars,
    schema: vaultBarsResponseSchema,
  });

/** The public bar list with each bar's allocated grams, a page at a time. */
export const publicBarsQueryOptions = () =>
  pagedQueryOptions({
    queryKey: reservesKeys.publicBars(),
    path: apiPaths.reservesBars,
    schema: vaultBarsResponseSchema,
    auth: false,
  });

/** The bars behind the signed-in customer's grams, a page at a time. */
export const myBarsQueryOptions = () =>
  pagedQueryOptions({
    queryKey: reservesKeys.mine(),
    path: apiPaths.reservesAllocation,
    schema: barAllocationResponseSchema,
  });

export const addVaultBar = (bar: VaultBarInput) =>
  apiRequest(apiPaths.adminVaultBars, { method: 'POST', body: bar, schema: vaultBarResponseSchema });

export const editVaultBar = (id: string, bar: VaultBarInput) =>
  apiRequest(apiPaths.adminVaultBarCorrect(id), { method: 'POST', body: bar, schema: vaultBarResponseSchema });

export const withdrawVaultBar = (id: string) =>
  apiRequest(apiPaths.adminVaultBarWithdraw(id), { method: 'POST', schema: vaultBarResponseSchema });

export const addVaultBarMutation = () => refreshingMutation(addVaultBar, reservesKeys.reserves());
export const editVaultBarMutation = () =>
  refreshingMutation(
    ({ id, bar }: { id: string; bar: VaultBarInput }) => editVaultBar(id, bar),
    reservesKeys.reserves(),
  );
export const withdrawVaultBarMutation = () => refreshingMutation(withdrawVaultBar, reservesKeys.reserves());
