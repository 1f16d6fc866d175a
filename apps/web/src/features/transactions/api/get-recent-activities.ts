import { apiPaths, transactionsResponseSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { transactionKeys } from './query-keys';

// The answer is the list's `data` without a total (DESIGN.md section 4).
const recentActivitiesSchema = transactionsResponseSchema.pick({ data: true });

/** GET /recent-activities-user (bearer): the caller's ten latest transactions. */
export const getRecentActivities = (signal?: AbortSignal) =>
  apiRequest(apiPaths.recentActivities, { schema: recentActivitiesSchema, signal });

export const recentActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: transactionKeys.recent(),
    queryFn: ({ signal }) => getRecentActivities(signal),
    meta: { silent: true },
  });

export const useRecentActivities = () => useQuery(recentActivitiesQueryOptions());
