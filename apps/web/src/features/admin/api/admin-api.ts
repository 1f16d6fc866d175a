import {
  adminApplicantListSchema,
  apiPaths,
  okSchema,
  type AdminApplicantQueue,
  type OperatorReviewRequest,
} from '@qmgt/contracts';
import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/files';

/* The operator's KYC review (SPEC.md section 6): the queues, the documents, the decision. */

export const adminKeys = {
  all: ['admin'] as const,
  /** Every queue without an argument (what a decision invalidates), one queue with it. */
  kycApplicants: (queue?: AdminApplicantQueue) =>
    queue ? ([...adminKeys.all, 'kyc-applicants', queue] as const) : ([...adminKeys.all, 'kyc-applicants'] as const),
  kycDocument: (applicantId: string, documentId: string) =>
    [...adminKeys.all, 'kyc-document', applicantId, documentId] as const,
};

const PAGE_SIZE = 20;

/** GET /admin/kyc/applicants?queue=&cursor= (operator): one page of a review queue, with documents and decision history. */
export const getKycApplicants = (queue: AdminApplicantQueue, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest(apiPaths.adminKycApplicants, {
    schema: adminApplicantListSchema,
    query: { queue, cursor, pageSize: String(PAGE_SIZE) },
    signal,
  });

/** A queue a page at a time: each page starts after the last applicant shown (by key). */
export const kycApplicantsQueryOptions = (queue: AdminApplicantQueue) =>
  infiniteQueryOptions({
    queryKey: adminKeys.kycApplicants(queue),
    queryFn: ({ signal, pageParam }) => getKycApplicants(queue, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { silent: true },
  });

/** The picture formats a browser shows in an <img>; a PDF is downloaded instead. */
export const PREVIEWABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * An identity document's bytes for the reviewer's preview: fetched with the operator's bearer
 * (the server sends it only as an attachment, never at a URL a browser would render), typed
 * with the content type the list reported.
 */
export const kycDocumentPreviewQueryOptions = (applicantId: string, documentId: string, contentType: string) =>
  queryOptions({
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

export type DocumentDownload = { applicantId: string; documentId: string; fallbackName: string };

/**
 * GET /admin/kyc/applicants/{id}/documents/{docId} (operator, bearer): the file, handed to the
 * browser as a download. Identity documents are never shown inline.
 */
export const downloadKycDocument = async ({ applicantId, documentId, fallbackName }: DocumentDownload) => {
  const { blob, filename } = await apiDownload(apiPaths.adminKycDocument(applicantId, documentId));
  saveBlobAs(blob, filename ?? fallbackName);
};

export const downloadKycDocumentMutation = () => mutationOptions({ mutationFn: downloadKycDocument });

export type ReviewInput = { applicantId: string; decision: OperatorReviewRequest };

/**
 * POST /admin/kyc/applicants/{id}/review (operator): GREEN, or RED with RETRY or FINAL and an
 * optional comment. The sandbox provider then sends its signed webhook, as the real one would.
 */
export const reviewKycApplicant = ({ applicantId, decision }: ReviewInput) =>
  apiRequest(apiPaths.adminKycReview(applicantId), { method: 'POST', body: decision, schema: okSchema });

export const reviewKycApplicantMutation = () =>
  mutationOptions({
    mutationFn: reviewKycApplicant,
    onSettled: (_answer, _error, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: adminKeys.kycApplicants() }),
  });
