import { apiPaths } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/files';

export type DocumentDownload = { applicantId: string; documentId: string; fallbackName: string };

/**
 * GET /admin/kyc/applicants/{id}/documents/{docId} (operator, bearer): the file, handed to the
 * browser as a download. Identity documents are never shown inline.
 */
export const downloadKycDocument = async ({ applicantId, documentId, fallbackName }: DocumentDownload) => {
  const { blob, filename } = await apiDownload(apiPaths.adminKycDocument(applicantId, documentId));
  saveBlobAs(blob, filename ?? fallbackName);
};

export const useDownloadKycDocument = () => useMutation({ mutationFn: downloadKycDocument });
