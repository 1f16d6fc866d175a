import { apiPaths, applicantStatusSchema, KYC_STATUS_POLL_MS, type ApplicantStatus } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { kycKeys, subjectBody, subjectUsesSession, type KycSubject } from './query-keys';

/**
 * POST /applicant/get-status: the provider's review (`reviewStatus`, `reviewResult`) and our
 * `kycVerified`; null when the provider could not be asked.
 */
export const getApplicantStatus = (subject: KycSubject, signal?: AbortSignal) =>
  apiRequest(apiPaths.applicantStatus, {
    method: 'POST',
    body: subjectBody(subject),
    schema: applicantStatusSchema,
    auth: subjectUsesSession(subject),
    signal,
  });

export type KnownApplicantStatus = NonNullable<ApplicantStatus>;

/** Nothing more will change without the client: verified, or rejected for good. */
export function isFinalStatus(status: ApplicantStatus | undefined): boolean {
  if (!status) return false;
  if (status.kycVerified === 'Verified') return true;
  const result = status.reviewResult;
  return status.reviewStatus === 'completed' && result?.reviewAnswer === 'RED' && result.reviewRejectType === 'FINAL';
}

/**
 * Polled every KYC_STATUS_POLL_MS (SPEC.md section 4) until final; polling stops with the
 * last observer (leaving the page). An unreachable provider (null) is silent: the last known
 * status stays on screen and the next poll tries again.
 */
export const applicantStatusQueryOptions = (subject: KycSubject) =>
  queryOptions({
    queryKey: kycKeys.status(subject),
    queryFn: ({ signal }) => getApplicantStatus(subject, signal),
    refetchInterval: (query) => (isFinalStatus(query.state.data) ? false : KYC_STATUS_POLL_MS),
    structuralSharing: (previous: unknown, next: unknown) => next ?? previous ?? null,
    meta: { silent: true },
  });

export const useApplicantStatus = (subject: KycSubject | null) =>
  useQuery({ ...applicantStatusQueryOptions(subject ?? { kind: 'self' }), enabled: subject !== null });
