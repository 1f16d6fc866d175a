import { apiPaths, personalInfoResponseSchema, type KycFormField } from '@qmgt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/lib/api-client';
import { kycKeys } from './query-keys';

export type DraftInput = {
  /** Any subset of the form's fields; nothing is required in a draft. */
  fields?: Partial<Record<KycFormField, string>>;
  /** Index (0-3) of the step the client is on. */
  currentStep?: number;
  profilePicture?: File;
  onProgress?: (progress: UploadProgress) => void;
};

/**
 * POST /verification/save-draft-personal (bearer, multipart): merges the given fields (and a
 * new profile picture) into the saved draft and answers the whole saved form.
 */
export const saveDraftPersonal = ({ fields = {}, currentStep, profilePicture, onProgress }: DraftInput) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value ?? '');
  if (currentStep !== undefined) form.append('currentStep', String(currentStep));
  if (profilePicture) form.append('profilePicture', profilePicture, profilePicture.name);
  return apiUpload(apiPaths.saveDraftPersonal, form, { schema: personalInfoResponseSchema, onProgress });
};

/** The answer is the saved form: it becomes the cached get-personal at once. */
export const useSaveDraftPersonal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDraftPersonal,
    // The form shows what failed next to the fields; a toast would repeat it.
    meta: { silent: true },
    onSuccess: (saved) => queryClient.setQueryData(kycKeys.personal(), saved),
  });
};
