import {
  adminTerminationsResponseSchema,
  apiPaths,
  AUTO_SAVE_RUNS_PAGE,
  autoSaveRunsResponseSchema,
  autoSaveSchema,
  balancesResponseSchema,
  convertQuoteSchema,
  gaePlanResponseSchema,
  gaeQuoteSchema,
  gaeStatementSchema,
  terminationResponseSchema,
  terminationSummarySchema,
  transactionResponseSchema,
  type AutoSaveRequest,
  type ConvertQuoteRequest,
  type GaeQuoteRequest,
} from '@qmgt/contracts';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { decisionRequest } from '@/lib/decision-request';
import { reviewQueueOptions } from '@/lib/review-queue';
import { goldKeys } from './query-keys';

export { goldKeys };

/* The gold savings calls (DESIGN.md section 8): the GAE plan, its statement and termination, Convert. */

export const gaePlanQueryOptions = () =>
  queryOptions({
    queryKey: goldKeys.plan(),
    queryFn: ({ signal }) => apiRequest(apiPaths.gaePlan, { schema: gaePlanResponseSchema, signal }),
  });

export const balancesQueryOptions = () =>
  queryOptions({
    queryKey: goldKeys.balances(),
    queryFn: ({ signal }) => apiRequest(apiPaths.balances, { schema: balancesResponseSchema, signal }),
  });

/** A statement's period (empty: the server's default, the last 12 months) and page (`cursor`: older movements). */
export interface StatementRange {
  from: string;
  to: string;
  cursor?: string | undefined;
}

export const statementQueryOptions = (range: StatementRange) =>
  queryOptions({
    queryKey: goldKeys.statement(range.from, range.to, range.cursor),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.gaeStatement, {
        schema: gaeStatementSchema,
        query: { from: range.from || undefined, to: range.to || undefined, cursor: range.cursor || undefined },
        signal,
      }),
  });

export const terminationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: goldKeys.termination(id),
    queryFn: ({ signal }) => apiRequest(apiPaths.termination(id), { schema: terminationResponseSchema, signal }),
    // A request waits for an operator: followed until decided.
    refetchInterval: (query) => (query.state.data?.termination.status === 'requested' ? 10_000 : false),
  });

/** The operator's termination review, a view and a page at a time. */
export const adminTerminationsQueryOptions = reviewQueueOptions({
  key: goldKeys.adminTerminations(),
  path: apiPaths.adminTerminations,
  schema: adminTerminationsResponseSchema,
});

export const requestGaeQuote = (request: GaeQuoteRequest) =>
  apiRequest(apiPaths.gaeQuote, { method: 'POST', body: request, schema: gaeQuoteSchema });

export const purchaseGae = (quoteId: string, idempotencyKey: string) =>
  apiRequest(apiPaths.gaePurchase, {
    method: 'POST',
    body: { quoteId },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: transactionResponseSchema,
  });

/** The plan's auto-save runs, newest first, a few a page (under the plan's key: a save refreshes them). */
export const autoSaveRunsQueryOptions = () =>
  pagedQueryOptions({
    queryKey: goldKeys.autoSaveRuns(),
    path: apiPaths.gaeAutoSaveRuns,
    schema: autoSaveRunsResponseSchema,
    query: { pageSize: String(AUTO_SAVE_RUNS_PAGE) },
  });

export const setAutoSave = (request: AutoSaveRequest) =>
  apiRequest(apiPaths.gaeAutoSave, {
    method: 'PUT',
    body: request,
    schema: z.object({ autoSave: autoSaveSchema.nullable() }),
  });

/**
 * Saving, pausing or resuming auto-save refreshes the plan (and its runs, under its key) once it
 * succeeds; in onSettled, so the card's own onSuccess/onError, spread over these options, does
 * not replace it. The card says what failed: no toast.
 */
export const setAutoSaveMutation = () =>
  mutationOptions({
    mutationFn: setAutoSave,
    meta: { silent: true },
    onSettled: (answer, _error, _request, _result, { client }) =>
      void (answer && client.invalidateQueries({ queryKey: goldKeys.plan() })),
  });

/** The statement PDF as a file (bearer header), for the /pdf screen to show and download. */
export const downloadStatementPdf = (range: StatementRange, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  if (range.cursor) query.set('cursor', range.cursor);
  const search = query.toString();
  return apiDownload(`${apiPaths.gaeStatementPdf}${search ? `?${search}` : ''}`, { signal });
};

export const previewTermination = (currency: 'USDT' | 'QMGT') =>
  apiRequest(apiPaths.gaeTerminationPreview, {
    method: 'POST',
    body: { currency },
    schema: terminationSummarySchema,
  });

/** POST /terminations/{id}/withdraw: take back a request still waiting for review. */
export const withdrawTermination = (id: string, idempotencyKey: string) =>
  apiRequest(apiPaths.terminationWithdraw(id), {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: terminationResponseSchema,
  });

/** PUT /request-terminate-gae-form/{planId}: the form SPEC.md names (currency, refund). */
export function requestTermination(input: {
  planId: string;
  currency: 'USDT' | 'QMGT';
  refund: string;
  idempotencyKey: string;
}) {
  const form = new FormData();
  form.set('currency', input.currency);
  form.set('refund', input.refund);
  return apiRequest(apiPaths.requestTerminateGae(input.planId), {
    method: 'PUT',
    body: form,
    headers: { 'Idempotency-Key': input.idempotencyKey },
    schema: terminationResponseSchema,
  });
}

export const decideTermination = decisionRequest(apiPaths.adminTerminationDecision, terminationResponseSchema);

export const requestConvertQuote = (request: ConvertQuoteRequest) =>
  apiRequest(apiPaths.convertQuote, { method: 'POST', body: request, schema: convertQuoteSchema });

export const executeConvert = (quoteId: string, idempotencyKey: string) =>
  apiRequest(apiPaths.convert, {
    method: 'POST',
    body: { quoteId },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: transactionResponseSchema,
  });
