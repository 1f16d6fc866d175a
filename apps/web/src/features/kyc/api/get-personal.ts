import { apiPaths, personalInfoResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { kycKeys } from './query-keys';

// Apart from kyc-api.ts: every signed-in first load imports it (the profile menu), and the other KYC calls would come with it.

/** GET /verification/get-personal (bearer): the KYC form as saved (draft or submitted), with the picture link. */
export const getPersonal = (signal?: AbortSignal) =>
  apiRequest(apiPaths.getPersonal, { schema: personalInfoResponseSchema, signal });

export const personalQueryOptions = () =>
  queryOptions({
    queryKey: kycKeys.personal(),
    queryFn: ({ signal }) => getPersonal(signal),
    // Screens show their own error state with a retry.
    meta: { silent: true },
  });

export const usePersonal = (enabled = true) => useQuery({ ...personalQueryOptions(), enabled });
