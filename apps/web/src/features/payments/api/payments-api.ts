import {
  adminPaymentsResponseSchema,
  adminRemittancesResponseSchema,
  apiPaths,
  checkoutResponseSchema,
  paymentQuoteSchema,
  paymentResponseSchema,
  paymentsResponseSchema,
  remitQuoteSchema,
  remitResponseSchema,
  remittancesResponseSchema,
  sandboxCheckoutResultSchema,
  sandboxCheckoutSchema,
  type PaymentStatus,
  type RemitQuoteRequest,
  type RemitRequest,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { paymentKeys } from './query-keys';

export { paymentKeys };

/* Gold Convert services (DESIGN.md section 8): Spend To Save, the sandbox checkout, Remit to save. */

export const paymentsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.all,
    queryFn: ({ signal }) => apiRequest(apiPaths.payments, { schema: paymentsResponseSchema, signal }),
  });

/** A payment is followed every 2 s while the gateway has not said how it ended. */
export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.one(id),
    queryFn: ({ signal }) => apiRequest(apiPaths.payment(id), { schema: paymentResponseSchema, signal }),
    refetchInterval: (query) => (query.state.data?.payment.status === 'pending' ? 2_000 : false),
  });

export const requestPaymentQuote = (amountUsd: string) =>
  apiRequest(apiPaths.paymentQuote, { method: 'POST', body: { amountUsd }, schema: paymentQuoteSchema });

/** The same Idempotency-Key again (a retry after no answer) gets the first checkout, not a second. */
export const openCheckout = (amountUsd: string, quoteId: string, idempotencyKey: string) =>
  apiRequest(apiPaths.paymentCheckout, {
    method: 'POST',
    body: { amountUsd, quoteId },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: checkoutResponseSchema,
  });

export const cancelPayment = (id: string) =>
  apiRequest(apiPaths.paymentCancel(id), { method: 'POST', schema: paymentResponseSchema });

export const sandboxCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.sandboxCheckout(id),
    queryFn: ({ signal }) => apiRequest(apiPaths.devPayment(id), { schema: sandboxCheckoutSchema, signal }),
  });

export const paySandboxCheckout = (id: string) =>
  apiRequest(apiPaths.devPaymentComplete(id), { method: 'POST', schema: sandboxCheckoutResultSchema });

export const requestRemitQuote = (request: RemitQuoteRequest) =>
  apiRequest(apiPaths.remitQuote, { method: 'POST', body: request, schema: remitQuoteSchema });

export const remit = (request: RemitRequest, idempotencyKey: string) =>
  apiRequest(apiPaths.remit, {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: remitResponseSchema,
  });

/** GET /remittances, a page at a time by key. */
export const remittancesQueryOptions = () =>
  pagedQueryOptions({
    queryKey: paymentKeys.remittances(),
    path: apiPaths.remittances,
    schema: remittancesResponseSchema,
  });

/** GET /admin/payments (all, or one status), a page at a time by key. */
export const adminPaymentsQueryOptions = (status: PaymentStatus | 'all') =>
  pagedQueryOptions({
    queryKey: paymentKeys.admin(status),
    path: apiPaths.adminPayments,
    schema: adminPaymentsResponseSchema,
    query: { status: status === 'all' ? undefined : status },
  });

/** GET /admin/remittances, a page at a time by key. */
export const adminRemittancesQueryOptions = () =>
  pagedQueryOptions({
    queryKey: paymentKeys.adminRemittances(),
    path: apiPaths.adminRemittances,
    schema: adminRemittancesResponseSchema,
  });
