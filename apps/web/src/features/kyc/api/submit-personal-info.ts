import { apiPaths, personalInfoResponseSchema, type KycFormSubmission } from '@qmgt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { kycKeys } from './query-keys';

/** POST /verification/personal-info (bearer): the whole form, checked by kycFormSchema; 400 or 422 names the first issue. */
export const submitPersonalInfo = (form: KycFormSubmission) =>
  apiRequest(apiPaths.personalInfo, { method: 'POST', body: form, schema: personalInfoResponseSchema });

export const useSubmitPersonalInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPersonalInfo,
    meta: { silent: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(kycKeys.personal(), saved);
      await queryClient.invalidateQueries({ queryKey: kycKeys.isVerify() });
    },
  });
};
