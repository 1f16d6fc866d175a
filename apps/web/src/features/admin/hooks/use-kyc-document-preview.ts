import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { kycDocumentPreviewQueryOptions, PREVIEWABLE_TYPES } from '../api/admin-api';

/** An identity document for the reviewer's preview, shown from a local object URL (revoked when it changes). */
export function useKycDocumentPreview(applicantId: string, documentId: string, contentType: string) {
  const query = useQuery(kycDocumentPreviewQueryOptions(applicantId, documentId, contentType));
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isError: query.isError, isPending: query.isPending && PREVIEWABLE_TYPES.has(contentType) };
}
