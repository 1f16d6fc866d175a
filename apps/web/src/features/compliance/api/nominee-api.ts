import {
  adminNomineesResponseSchema,
  apiPaths,
  nomineesResponseSchema,
  type NomineeDraft,
  type NomineesRequest,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
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

/** GET /admin/nominees, a page of customers at a time by key. */
export const adminNomineesQueryOptions = () =>
  pagedQueryOptions({
    queryKey: nomineeKeys.admin(),
    path: apiPaths.adminNominees,
    schema: adminNomineesResponseSchema,
  });
