import {
  adminNomineesResponseSchema,
  apiPaths,
  nomineesResponseSchema,
  type NomineeDraft,
  type NomineesRequest,
} from '@qmgt/contracts';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';

export const nomineeKeys = { mine: () => ['nominee'] as const, admin: () => ['nominee', 'admin'] as const };

export const nomineesQueryOptions = () =>
  queryOptions({
    queryKey: nomineeKeys.mine(),
    queryFn: ({ signal }) => apiRequest(apiPaths.nominee, { schema: nomineesResponseSchema, signal }),
  });

export const saveNomineeDraft = (draft: NomineeDraft) =>
  apiRequest(apiPaths.nomineeDraft, { method: 'PUT', body: draft, schema: nomineesResponseSchema });

export const saveNominees = (request: NomineesRequest) =>
  apiRequest(apiPaths.nominee, { method: 'POST', body: request, schema: nomineesResponseSchema });

/**
 * The saved set becomes the cached one at once (in onSettled, on success: the form's own
 * onSuccess, spread over these options, does not replace it). `afterDrafts` runs first and the
 * save waits for it: the form's draft autosave still on its way must land before the save.
 */
export const saveNomineesMutation = (afterDrafts: () => Promise<unknown>) =>
  mutationOptions({
    mutationFn: async (request: NomineesRequest) => {
      await afterDrafts();
      return saveNominees(request);
    },
    // The form shows the refusal.
    meta: { silent: true },
    onSettled: (answer, _error, _request, _result, { client }) =>
      answer && client.setQueryData(nomineeKeys.mine(), answer),
  });

/** GET /admin/nominees, a page of customers at a time by key. */
export const adminNomineesQueryOptions = () =>
  pagedQueryOptions({
    queryKey: nomineeKeys.admin(),
    path: apiPaths.adminNominees,
    schema: adminNomineesResponseSchema,
  });
