import { apiPaths } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiDownload } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** The picture formats a browser shows in an <img>; a PDF is downloaded instead. */
export const PREVIEWABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * An identity document's bytes for the reviewer's preview: fetched with the operator's bearer
 * (the server sends it only as an attachment, never at a URL a browser would render), typed
 * with the content type the list reported, and shown from a local object URL.
 */
export function useKycDocumentPreview(applicantId: string, documentId: string, contentType: string) {
  const query = useQuery({
    queryKey: adminKeys.kycDocument(applicantId, documentId),
    queryFn: async ({ signal }) => {
      const { blob } = await apiDownload(apiPaths.adminKycDocument(applicantId, documentId), { signal });
      return new Blob([blob], { type: contentType });
    },
    enabled: PREVIEWABLE_TYPES.has(contentType),
    // A document never changes under its id.
    staleTime: Infinity,
    meta: { silent: true },
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isError: query.isError, isPending: query.isPending && PREVIEWABLE_TYPES.has(contentType) };
}
