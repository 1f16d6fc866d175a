import { apiPaths } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

// Not in @qmgt/contracts yet: DESIGN.md section 4 fixes the answer as { data: "0x..." }.
const accountAddressResponseSchema = z.object({ data: z.string() });

export const walletKeys = {
  all: ['wallet'] as const,
  address: (userHash: string) => [...walletKeys.all, 'address', userHash] as const,
};

/** GET /getAccountAddress/{userHash} (bearer, own hash only): the custodial wallet address. */
export const getAccountAddress = (userHash: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.accountAddress(userHash), { schema: accountAddressResponseSchema, signal });

export const accountAddressQueryOptions = (userHash: string) =>
  queryOptions({
    queryKey: walletKeys.address(userHash),
    queryFn: ({ signal }) => getAccountAddress(userHash, signal),
    // The header shows "no address" on failure (e.g. 404 until wallets exist); no toast.
    meta: { silent: true },
    staleTime: Infinity,
  });

/** The signed-in client's wallet address, or null while unknown or when there is none. */
export const useAccountAddress = (userHash: string | undefined): string | null => {
  const query = useQuery({ ...accountAddressQueryOptions(userHash ?? ''), enabled: Boolean(userHash) });
  return query.data?.data || null;
};
