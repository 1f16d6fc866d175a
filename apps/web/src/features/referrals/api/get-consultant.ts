import { apiPaths, consultantSchema } from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// Apart from growth-api.ts: a guest's consultant page imports it, and growth-api's calls would come with it to guests.

/** GET /consultants/{name} (public): a consultant's page. */
export const consultantQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['consultant', name.toLowerCase()] as const,
    queryFn: ({ signal }) => apiRequest(apiPaths.consultant(name), { schema: consultantSchema, signal }),
    // A missing consultant is an answer, not a failure to retry.
    retry: false,
  });
