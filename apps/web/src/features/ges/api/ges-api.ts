import {
  adminGesGroupResponseSchema,
  adminGesGroupsResponseSchema,
  apiPaths,
  gesDocumentSchema,
  gesGroupDetailSchema,
  gesGroupsResponseSchema,
  gesJoinResponseSchema,
  gesQuoteSchema,
  type GesGroupEdit,
  type GesGroupInput,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';

/* Group gold savings (GES, shown as GDS; DESIGN.md section 8). */

export const gesKeys = {
  all: ['ges'] as const,
  groups: () => ['ges', 'groups'] as const,
  group: (id: string) => ['ges', 'group', id] as const,
  document: (id: string) => ['ges', 'document', id] as const,
  admin: () => ['ges', 'admin'] as const,
};

export const gesGroupsQueryOptions = () =>
  queryOptions({
    queryKey: gesKeys.groups(),
    queryFn: ({ signal }) => apiRequest(apiPaths.gesGroups, { schema: gesGroupsResponseSchema, signal }),
  });

export const gesGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: gesKeys.group(id),
    queryFn: ({ signal }) => apiRequest(apiPaths.gesGroup(id), { schema: gesGroupDetailSchema, signal }),
    // The join page and the passbook show the refusal in place ('This group is closed…'): no toast repeating it.
    meta: { silent: true },
  });

export const gesDocumentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: gesKeys.document(id),
    queryFn: ({ signal }) => apiRequest(apiPaths.gesDocument(id), { schema: gesDocumentSchema, signal }),
    meta: { silent: true },
  });

export const requestGesQuote = (groupId: string) =>
  apiRequest(apiPaths.gesQuote(groupId), { method: 'POST', schema: gesQuoteSchema });

export const joinGesGroup = (input: { groupId: string; documentId: string; quoteId: string; idempotencyKey: string }) =>
  apiRequest(apiPaths.gesJoin(input.groupId), {
    method: 'POST',
    body: { documentId: input.documentId, accept: true, quoteId: input.quoteId },
    headers: { 'Idempotency-Key': input.idempotencyKey },
    schema: gesJoinResponseSchema,
  });

/** GET /admin/ges/groups, the newest first, a page at a time by key. */
export const adminGesGroupsQueryOptions = () =>
  pagedQueryOptions({
    queryKey: gesKeys.admin(),
    path: apiPaths.adminGesGroups,
    schema: adminGesGroupsResponseSchema,
  });

export const publishGesGroup = (input: GesGroupInput) =>
  apiRequest(apiPaths.adminGesGroups, { method: 'POST', body: input, schema: adminGesGroupResponseSchema });

/** Changes the terms given (a draft, or an open group nobody joined before its start date). */
export const editGesGroup = (id: string, edit: GesGroupEdit) =>
  apiRequest(apiPaths.adminGesGroup(id), { method: 'PATCH', body: edit, schema: adminGesGroupResponseSchema });

export const openGesGroup = (id: string) =>
  apiRequest(apiPaths.adminGesGroupOpen(id), { method: 'POST', schema: adminGesGroupResponseSchema });

export const closeGesGroup = (id: string) =>
  apiRequest(apiPaths.adminGesGroupClose(id), { method: 'POST', schema: adminGesGroupResponseSchema });

export const publishGesAgreement = (id: string, agreement: { title: string; text: string }) =>
  apiRequest(apiPaths.adminGesAgreement(id), { method: 'POST', body: agreement, schema: adminGesGroupResponseSchema });

/** A new agreement version from a text or Markdown file: the server stores and hashes its text as uploaded. */
export function uploadGesAgreement(id: string, agreement: { title: string; file: File }) {
  const form = new FormData();
  form.append('title', agreement.title);
  form.append('file', agreement.file);
  return apiRequest(apiPaths.adminGesAgreementFile(id), {
    method: 'POST',
    body: form,
    schema: adminGesGroupResponseSchema,
  });
}

/** The member's passbook PDF (bearer header), to save. */
export const downloadPassbookPdf = (groupId: string) => apiDownload(apiPaths.gesPassbookPdf(groupId));
