import {
  adminGesGroupResponseSchema,
  adminGesGroupsResponseSchema,
  apiPaths,
  gesDocumentSchema,
  gesGroupDetailSchema,
  gesGroupsResponseSchema,
  gesJoinResponseSchema,
  gesQuoteSchema,
  type AdminGesGroup,
  type GesGroupEdit,
  type GesGroupInput,
} from '@qmgt/contracts';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/files';
import { pagedQueryOptions } from '@/lib/paged-query';
import { gesKeys } from './query-keys';
import { refreshingMutation } from '@/lib/refreshing-mutation';

export { gesKeys };

/* Group gold savings (GES, shown as GDS; DESIGN.md section 8). */

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

export const publishGesGroupMutation = () => refreshingMutation(publishGesGroup, gesKeys.all);
export const editGesGroupMutation = (id: string) =>
  refreshingMutation((edit: GesGroupEdit) => editGesGroup(id, edit), gesKeys.all);
// The whole group as the input: the screen names it when the call fails.
export const openGesGroupMutation = () =>
  refreshingMutation((group: AdminGesGroup) => openGesGroup(group.id), gesKeys.all);
export const closeGesGroupMutation = () =>
  refreshingMutation((group: AdminGesGroup) => closeGesGroup(group.id), gesKeys.all);

export type GesAgreementVersion = { id: string; title: string; text: string; file: File | null };

/** A new agreement version: the file when one is given, else the text typed in. */
export const newGesAgreementMutation = () =>
  refreshingMutation(
    ({ id, title, text, file }: GesAgreementVersion) =>
      file ? uploadGesAgreement(id, { title, file }) : publishGesAgreement(id, { title, text }),
    gesKeys.all,
  );

/** The member's passbook PDF (bearer header), to save. */
export const downloadPassbookPdf = (groupId: string) => apiDownload(apiPaths.gesPassbookPdf(groupId));

/** The passbook PDF, saved by the browser under the server's file name. */
export const savePassbookPdfMutation = (groupId: string) =>
  mutationOptions({
    mutationFn: async () => {
      const { blob, filename } = await downloadPassbookPdf(groupId);
      saveBlobAs(blob, filename ?? 'qmgt-gds-passbook.pdf');
    },
    // The screen says the failure in its own words.
    meta: { silent: true },
  });
