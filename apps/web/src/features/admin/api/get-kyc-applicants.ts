import { adminApplicantListSchema, apiPaths, type AdminApplicantQueue } from '@qmgt/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

const PAGE_SIZE = 20;

/** GET /admin/kyc/applicants?queue=&cursor= (operator): one page of a review queue, with documents and decision history. */
export const getKycApplicants = (queue: AdminApplicantQueue, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest(apiPaths.adminKycApplicants, {
    schema: adminApplicantListSchema,
    query: { queue, cursor, pageSize: String(PAGE_SIZE) },
    signal,
  });

/** A queue a page at a time: each page starts after the last applicant shown (by key). */
export const kycApplicantsQueryOptions = (queue: AdminApplicantQueue) =>
  infiniteQueryOptions({
    queryKey: adminKeys.kycApplicants(queue),
    queryFn: ({ signal, pageParam }) => getKycApplicants(queue, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { silent: true },
  });

export const useKycApplicants = (queue: AdminApplicantQueue) => useInfiniteQuery(kycApplicantsQueryOptions(queue));
