import { apiPaths, isVerifyResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { kycKeys } from './query-keys';

/** GET /verification/is-verify (bearer): `{ kycVerified, isVerified, personalInfoSubmitted, canResubmit }`. */
export const getIsVerify = (signal?: AbortSignal) =>
  apiRequest(apiPaths.isVerify, { schema: isVerifyResponseSchema, signal });

export const isVerifyQueryOptions = () =>
  queryOptions({
    queryKey: kycKeys.isVerify(),
    queryFn: ({ signal }) => getIsVerify(signal),
    // Only steers links and hints; they have a sensible default without it.
    meta: { silent: true },
  });

export const useIsVerify = (enabled = true) => useQuery({ ...isVerifyQueryOptions(), enabled });
