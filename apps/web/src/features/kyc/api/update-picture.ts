import { apiPaths, pictureResponseSchema } from '@qmgt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/lib/api-client';
import { kycKeys } from './query-keys';
import type { PersonalInfoResponse } from '@qmgt/contracts';

export type PictureInput = { picture: File; onProgress?: (progress: UploadProgress) => void };

/** POST /update-picture (bearer, multipart `profilePicture`): answers the new public `profileLink`. */
export const updatePicture = ({ picture, onProgress }: PictureInput) => {
  const form = new FormData();
  form.append('profilePicture', picture, picture.name);
  return apiUpload(apiPaths.updatePicture, form, { schema: pictureResponseSchema, onProgress });
};

export const useUpdatePicture = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePicture,
    meta: { silent: true },
    onSuccess: ({ profileLink }) => {
      queryClient.setQueryData<PersonalInfoResponse>(kycKeys.personal(), (saved) =>
        saved ? { ...saved, profileLink } : saved,
      );
    },
  });
};
