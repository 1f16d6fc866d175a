import { apiPaths, userResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from './query-keys';

// Apart from auth-api.ts: every signed-in first load imports the session's calls, and the account's other calls would come with them.

/** GET /getInfo (bearer): the signed-in client record, e.g. a KYC status that changed. */
export const getInfo = (signal?: AbortSignal) => apiRequest(apiPaths.getInfo, { schema: userResponseSchema, signal });

export const getInfoQueryOptions = () =>
  queryOptions({ queryKey: authKeys.info(), queryFn: ({ signal }) => getInfo(signal) });

export const useInfo = (enabled: boolean) => useQuery({ ...getInfoQueryOptions(), enabled });
