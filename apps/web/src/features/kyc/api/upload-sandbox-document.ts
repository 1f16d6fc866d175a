import { apiPaths, okSchema } from '@qmgt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/lib/api-client';
import { sdkHeaders } from './get-sandbox-applicant';
import { kycKeys } from './query-keys';

export type SandboxDocumentKind = 'identity_document' | 'selfie';

export type SandboxUploadInput = {
  sdkToken: string;
  kind: SandboxDocumentKind;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
};

/**
 * POST /sandbox-kyc/documents (X-Access-Token, multipart `kind` + `file`): 413 over 5 MB, 415
 * when the bytes are not an accepted type.
 */
export const uploadSandboxDocument = ({ sdkToken, kind, file, onProgress }: SandboxUploadInput) => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return apiUpload(apiPaths.sandboxKycDocuments, form, {
    schema: okSchema,
    headers: sdkHeaders(sdkToken),
    auth: false,
    onProgress,
  });
};

export const useUploadSandboxDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSandboxDocument,
    // The upload step shows the server's reason next to the file.
    meta: { silent: true },
    onSuccess: (_ok, { sdkToken }) => queryClient.invalidateQueries({ queryKey: kycKeys.sandboxApplicant(sdkToken) }),
  });
};
