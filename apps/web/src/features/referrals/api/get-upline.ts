import { apiPaths, uplineResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** SPEC.md section 7 names this query key 'upline'. */
export const referralsKeys = {
  upline: () => ['upline'] as const,
};

/** GET /get-upline (bearer): whether the caller was referred by someone; staking needs it. */
export const getUpline = (signal?: AbortSignal) =>
  apiRequest(apiPaths.getUpline, { schema: uplineResponseSchema, signal });

export const uplineQueryOptions = () =>
  queryOptions({ queryKey: referralsKeys.upline(), queryFn: ({ signal }) => getUpline(signal) });

/** True only once the server has said so; loading and failure both count as "no upline". */
export const useHasUpline = (enabled: boolean) => {
  const query = useQuery({ ...uplineQueryOptions(), enabled });
  return { hasUpline: query.data?.upline === true, isPending: enabled && query.isPending, isError: query.isError };
};
