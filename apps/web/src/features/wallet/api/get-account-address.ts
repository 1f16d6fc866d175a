import { accountAddressResponseSchema, apiPaths } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** GET /getAccountAddress/{userHash} (bearer, own hash only): the custodial deposit address. */
export const getAccountAddress = (userHash: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.accountAddress(userHash), { schema: accountAddressResponseSchema, signal });

export const accountAddressQueryOptions = (userHash: string) =>
  queryOptions({
    queryKey: walletKeys.address(userHash),
    queryFn: ({ signal }) => getAccountAddress(userHash, signal),
    // The header shows "no address" on failure; no toast.
    meta: { silent: true },
    staleTime: Infinity,
  });

/** The signed-in client's wallet address, or null while unknown or when there is none. */
export const useAccountAddress = (userHash: string | undefined): string | null => {
  const query = useQuery({ ...accountAddressQueryOptions(userHash ?? ''), enabled: Boolean(userHash) });
  return query.data?.data || null;
};
