import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { kycKeys } from './query-keys';

/**
 * The sandbox provider's own "who am I" call. Its path is not in @qmgt/contracts' apiPaths
 * (the API registers it as a literal), so it is spelled here once.
 */
export const SANDBOX_APPLICANT_PATH = '/sandbox-kyc/applicant';

/** The provider's screen authenticates with its SDK token, never with our session. */
export const sdkHeaders = (sdkToken: string) => ({ 'X-Access-Token': sdkToken });

const sandboxApplicantSchema = z.object({
  reviewStatus: z.string(),
  reviewAnswer: z.string().nullable(),
  reviewRejectType: z.string().nullable(),
  moderationComment: z.string().nullable(),
  /** Uploaded since the last review: what the next submission is made of. */
  documents: z.array(z.object({ id: z.string(), kind: z.string(), createdAt: z.string() })),
});
export type SandboxApplicant = z.infer<typeof sandboxApplicantSchema>;

/** GET /sandbox-kyc/applicant (X-Access-Token): the sandbox applicant and its current documents. */
export const getSandboxApplicant = (sdkToken: string, signal?: AbortSignal) =>
  apiRequest(SANDBOX_APPLICANT_PATH, {
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
