import { apiPaths, okSchema, type OperatorReviewRequest } from '@qmgt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type ReviewInput = { applicantId: string; decision: OperatorReviewRequest };

/**
 * POST /admin/kyc/applicants/{id}/review (operator): GREEN, or RED with RETRY or FINAL and an
 * optional comment. The sandbox provider then sends its signed webhook, as the real one would.
 */
export const reviewKycApplicant = ({ applicantId, decision }: ReviewInput) =>
  apiRequest(apiPaths.adminKycReview(applicantId), { method: 'POST', body: decision, schema: okSchema });

export const useReviewKycApplicant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewKycApplicant,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.kycApplicants() }),
  });
};
