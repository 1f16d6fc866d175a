import { apiPaths, sandboxSubmitResponseSchema } from '@qmgt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sdkHeaders } from './get-sandbox-applicant';
import { kycKeys, type KycSubject } from './query-keys';

/**
 * POST /sandbox-kyc/submit (X-Access-Token): sends the uploaded document and selfie for
 * review. 409 until both are uploaded and while pending or verified, 403 after a FINAL rejection.
 */
export const submitSandboxReview = (sdkToken: string) =>
  apiRequest(apiPaths.sandboxKycSubmit, {
    method: 'POST',
    schema: sandboxSubmitResponseSchema,
    headers: sdkHeaders(sdkToken),
    auth: false,
  });

export const useSubmitSandboxReview = (subject: KycSubject) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSandboxReview,
    meta: { silent: true },
    onSuccess: async (_answer, sdkToken) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: kycKeys.status(subject) }),
        queryClient.invalidateQueries({ queryKey: kycKeys.sandboxApplicant(sdkToken) }),
      ]);
    },
  });
};
