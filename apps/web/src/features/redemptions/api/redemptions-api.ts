import {
  adminRedemptionListSchema,
  adminRedemptionSchema,
  adminRedemptionsResponseSchema,
  apiPaths,
  redemptionProductResponseSchema,
  redemptionProductsResponseSchema,
  redemptionQuoteSchema,
  redemptionResponseSchema,
  redemptionsResponseSchema,
  vaultBarsResponseSchema,
  type DeliveryAddress,
  type RedemptionProductInput,
  type RedemptionQuoteRequest,
  type RedemptionShipBody,
} from '@qmgt/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { decisionRequest } from '@/lib/decision-request';
import { reviewQueueOptions } from '@/lib/review-queue';

/* Physical redemption: the catalogue, quotes, requests and their steps; the operator's catalogue, review, shipping and delivery. */

export const redemptionKeys = {
  products: () => ['redemptions', 'products'] as const,
  mine: () => ['redemptions', 'mine'] as const,
  adminProducts: () => ['redemptions', 'admin', 'products'] as const,
  queue: () => ['redemptions', 'admin', 'queue'] as const,
  fulfilment: () => ['redemptions', 'admin', 'fulfilment'] as const,
  bars: () => ['redemptions', 'admin', 'bars'] as const,
};

export const redemptionProductsQueryOptions = () =>
  queryOptions({
    queryKey: redemptionKeys.products(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.redemptionProducts, { schema: redemptionProductsResponseSchema, signal }),
  });

/** A redemption under way moves on the operator's side: followed until it is delivered, rejected or cancelled. */
const underWay = (status: string) => status === 'requested' || status === 'approved' || status === 'shipped';

export const myRedemptionsQueryOptions = () =>
  queryOptions({
    queryKey: redemptionKeys.mine(),
    queryFn: ({ signal }) => apiRequest(apiPaths.redemptions, { schema: redemptionsResponseSchema, signal }),
    refetchInterval: (query) => (query.state.data?.data.some((r) => underWay(r.status)) ? 5_000 : false),
  });

export const requestRedemptionQuote = (body: RedemptionQuoteRequest) =>
  apiRequest(apiPaths.redemptionQuote, { method: 'POST', body, schema: redemptionQuoteSchema });

export const requestRedemption = (body: { quoteId: string; address: DeliveryAddress }, idempotencyKey: string) =>
  apiRequest(apiPaths.redemptions, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: redemptionResponseSchema,
  });

export const cancelRedemption = (id: string, idempotencyKey: string) =>
  apiRequest(apiPaths.redemptionCancel(id), {
    method: 'POST',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: redemptionResponseSchema,
  });

export const adminRedemptionProductsQueryOptions = () =>
  queryOptions({
    queryKey: redemptionKeys.adminProducts(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.adminRedemptionProducts, { schema: redemptionProductsResponseSchema, signal }),
  });

export const saveRedemptionProduct = (id: string | null, body: RedemptionProductInput) =>
  apiRequest(id ? apiPaths.adminRedemptionProductEdit(id) : apiPaths.adminRedemptionProducts, {
    method: 'POST',
    body,
    schema: redemptionProductResponseSchema,
  });

export const adminRedemptionsQueryOptions = reviewQueueOptions({
  key: redemptionKeys.queue(),
  path: apiPaths.adminRedemptions,
  schema: adminRedemptionsResponseSchema,
});

const adminAnswer = z.object({ redemption: adminRedemptionSchema });
export const decideRedemption = decisionRequest(apiPaths.adminRedemptionDecision, adminAnswer);

export const fulfilmentQueryOptions = () =>
  queryOptions({
    queryKey: redemptionKeys.fulfilment(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.adminRedemptionsFulfilment, { schema: adminRedemptionListSchema, signal }),
  });

/** The vault bars a delivery may take its metal from, a page at a time (the list is paged by key). */
export const vaultBarsQueryOptions = () =>
  pagedQueryOptions({
    queryKey: redemptionKeys.bars(),
    path: apiPaths.adminVaultBars,
    schema: vaultBarsResponseSchema,
  });

export const shipRedemption = (id: string, body: RedemptionShipBody) =>
  apiRequest(apiPaths.adminRedemptionShip(id), { method: 'POST', body, schema: adminAnswer });

export const deliverRedemption = (id: string, barId: string | null, idempotencyKey: string) =>
  apiRequest(apiPaths.adminRedemptionDeliver(id), {
    method: 'POST',
    body: barId ? { barId } : {},
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: adminAnswer,
  });
