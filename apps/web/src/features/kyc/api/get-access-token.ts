import { accessTokenResponseSchema, apiPaths } from '@qmgt/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { kycKeys, subjectBody, subjectUsesSession, type KycSubject } from './query-keys';

/**
 * POST /applicant/access-token: creates the applicant at the provider if needed and answers
 * an SDK token for its screen, with which provider ('sandbox' or 'sumsub') is on.
 */
export const getAccessToken = (subject: KycSubject, signal?: AbortSignal) =>
  apiRequest(apiPaths.applicantAccessToken, {
    method: 'POST',
    body: subjectBody(subject),
    schema: accessTokenResponseSchema,
    auth: subjectUsesSession(subject),
    signal,
  });

/** SDK tokens live 30 minutes (sandbox) or as the provider sets; a fresh one is asked well before. */
const ACCESS_TOKEN_FRESH_MS = 10 * 60 * 1000;

export const accessTokenQueryOptions = (subject: KycSubject) =>
  queryOptions({
    queryKey: kycKeys.accessToken(subject),
    queryFn: ({ signal }) => getAccessToken(subject, signal),
    staleTime: ACCESS_TOKEN_FRESH_MS,
    // A new token mid-upload would only churn the provider's screen.
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });

export const useAccessToken = (subject: KycSubject | null) =>
  useQuery({ ...accessTokenQueryOptions(subject ?? { kind: 'self' }), enabled: subject !== null });
