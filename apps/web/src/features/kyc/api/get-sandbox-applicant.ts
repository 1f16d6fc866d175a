import { apiPaths, sandboxApplicantSchema } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { kycKeys } from './query-keys';

/** The provider's screen authenticates with its SDK token, never with our session. */
export const sdkHeaders = (sdkToken: string) => ({ 'X-Access-Token': sdkToken });

/** GET /sandbox-kyc/applicant (X-Access-Token): the sandbox applicant and its current documents. */
export const getSandboxApplicant = (sdkToken: string, signal?: AbortSignal) =>
  apiRequest(apiPaths.sandboxKycApplicant, {
    schema: sandboxApplicantSchema,
    headers: sdkHeaders(sdkToken),
    auth: false,
    signal,
  });

export const sandboxApplicantQueryOptions = (sdkToken: string) =>
  queryOptions({
    queryKey: kycKeys.sandboxApplicant(sdkToken),
    queryFn: ({ signal }) => getSandboxApplicant(sdkToken, signal),
    meta: { silent: true },
  });

export const useSandboxApplicant = (sdkToken: string) => useQuery(sandboxApplicantQueryOptions(sdkToken));
