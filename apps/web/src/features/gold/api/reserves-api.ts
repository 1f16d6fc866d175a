import {
  apiPaths,
  reservesSchema,
  vaultBarResponseSchema,
  vaultBarsResponseSchema,
  type VaultBarInput,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/* The proof of reserves (public) and the operator's vault bar list it counts. */

export const reservesKeys = {
  reserves: () => ['reserves'] as const,
  bars: () => ['reserves', 'bars'] as const,
};

export const reservesQueryOptions = () =>
  queryOptions({
    queryKey: reservesKeys.reserves(),
    queryFn: ({ signal }) => apiRequest(apiPaths.reserves, { schema: reservesSchema, signal, auth: false }),
  });

export const vaultBarsQueryOptions = () =>
  queryOptions({
    queryKey: reservesKeys.bars(),
    queryFn: ({ signal }) => apiRequest(apiPaths.adminVaultBars, { schema: vaultBarsResponseSchema, signal }),
  });

export const addVaultBar = (bar: VaultBarInput) =>
  apiRequest(apiPaths.adminVaultBars, { method: 'POST', body: bar, schema: vaultBarResponseSchema });

export const editVaultBar = (id: string, bar: VaultBarInput) =>
  apiRequest(apiPaths.adminVaultBarCorrect(id), { method: 'POST', body: bar, schema: vaultBarResponseSchema });

export const withdrawVaultBar = (id: string) =>
  apiRequest(apiPaths.adminVaultBarWithdraw(id), { method: 'POST', schema: vaultBarResponseSchema });
