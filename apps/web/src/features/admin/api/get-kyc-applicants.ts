import { adminApplicantListSchema, apiPaths } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /admin/kyc/applicants (operator): applicants with documents and decision history. */
export const getKycApplicants = (signal?: AbortSignal) =>
  apiRequest(apiPaths.adminKycApplicants, { schema: adminApplicantListSchema, signal });

export const kycApplicantsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.kycApplicants(),
    queryFn: ({ signal }) => getKycApplicants(signal),
    meta: { silent: true },
  });

export const useKycApplicants = () => useQuery(kycApplicantsQueryOptions());
