import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRedemptionListSchema,
  apiPaths,
  redemptionDeliverSchema,
  redemptionProductInputSchema,
  redemptionProductResponseSchema,
  redemptionProductsResponseSchema,
  redemptionQuoteRequestSchema,
  redemptionQuoteSchema,
  redemptionRequestSchema,
  redemptionResponseSchema,
  redemptionShipSchema,
  redemptionsResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { moneyOperationDeclarer } from '../../lib/money-routes.js';
import { currentAuth } from '../../plugins/auth.js';
import type { RedemptionsService } from './redemptions.service.js';

/** Physical redemption: thin handlers over the service (the operator's decision is its declared review). */
export const redemptionsRoutes: FastifyPluginAsync<{ redemptions: RedemptionsService }> = async (
  fastify,
  { redemptions },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routeDeclarer({ tags: ['gold savings'] });
  const office = routeDeclarer({ tags: ['back office'] });
  const moneyOperation = moneyOperationDeclarer(app, route);
  const officeMoneyOperation = moneyOperationDeclarer(app, office);
  const redemptionParams = z.object({ id: z.uuid({ error: 'Redemption not found.' }) });
  const productParams = z.object({ id: z.uuid({ error: 'Product not found.' }) });

  app.get(
    apiPaths.redemptionProducts,
    route({
      guard: app.requireUser,
      summary: 'The coins and bars a customer can redem grams for now',
      ok: redemptionProductsResponseSchema,
    }),
    async () => ({ data: await redemptions.activeProducts() }),
  );

  app.post(
    apiPaths.redemptionQuote,
    route({
      guard: app.requireVerified,
      // 404: unknown product; 422: an inactive product, or more grams than the gold savings account holds; 503: no price.
      config: { errorStatuses: [404, 422, 503] },
      summary: 'Quote a physical redemption: fine grams and fees in grams from the gold savings account, valid 30 s',
      body: redemptionQuoteRequestSchema,
      ok: redemptionQuoteSchema,
    }),
    async (request) => redemptions.quote(currentAuth(request).user.id, request.body),
  );

  moneyOperation(apiPaths.redemptions, {
    guard: app.requireVerified,
    // 404: unknown or another's quote; 409: quote used; 422: expired, product withdrawn, fewer grams.
    config: { errorStatuses: [404, 409, 422] },
    summary: 'Confirm a redemption quote with the delivery address (Idempotency-Key header); the grams are locked',
    body: redemptionRequestSchema,
    ok: redemptionResponseSchema,
    operate: ({ user, body, claim }) => redemptions.request(user.id, body, claim),
  });

  app.get(
    apiPaths.redemptions,
    route({
      guard: app.requireUser,
      summary: "The caller's redemptions and where each stands, newest first",
      ok: redemptionsResponseSchema,
    }),
    async (request) => ({ data: await redemptions.list(currentAuth(request).user.id) }),
  );

  app.get(
    '/redemptions/:id',
    route({
      guard: app.requireUser,
      config: { errorStatuses: [404] },
      summary: "One of the caller's redemptions",
      params: redemptionParams,
      ok: redemptionResponseSchema,
    }),
    async (request) => ({ redemption: await redemptions.one(currentAuth(request).user.id, request.params.id) }),
  );

  moneyOperation('/redemptions/:id/cancel', {
    guard: app.requireUser,
    // 404: unknown or another's; 409: already decided.
    config: { errorStatuses: [404, 409] },
    summary: 'Cancel a redemption still waiting for review (Idempotency-Key header); the grams return',
    params: redemptionParams,
    ok: redemptionResponseSchema,
    operate: ({ user, params, claim }) => redemptions.cancel(user.id, params.id, claim),
  });

  app.get(
    apiPaths.adminRedemptionProducts,
    office({
      guard: app.requireOperator,
      summary: 'The redemption catalogue, inactive products too',
      ok: redemptionProductsResponseSchema,
    }),
    async () => ({ data: await redemptions.allProducts() }),
  );

  app.post(
    apiPaths.adminRedemptionProducts,
    office({
      guard: app.requireOperator,
      // 422: fine grams or fees out of range.
      config: { errorStatuses: [422] },
      summary: 'Add a coin or bar to the redemption catalogue',
      body: redemptionProductInputSchema,
      ok: redemptionProductResponseSchema,
    }),
    async (request) => ({
      product: await redemptions.addProduct(currentAuth(request).user.id, request.body, request.ip),
    }),
  );

  // POST .../edit rather than PUT on the product's path: an empty id would be the list's path.
  app.post(
    '/admin/redemption-products/:id/edit',
    office({
      guard: app.requireOperator,
      config: { errorStatuses: [404, 422] },
      summary: 'Change a catalogue product (name, fine grams, fees, active)',
      params: productParams,
      body: redemptionProductInputSchema,
      ok: redemptionProductResponseSchema,
    }),
    async (request) => ({
      product: await redemptions.editProduct(currentAuth(request).user.id, request.params.id, request.body, request.ip),
    }),
  );

  app.get(
    apiPaths.adminRedemptionsFulfilment,
    office({
      guard: app.requireOperator,
      summary: 'Approved redemptions to ship and shipped ones to mark delivered, oldest first',
      ok: adminRedemptionListSchema,
    }),
    async () => ({ data: await redemptions.fulfilment() }),
  );

  app.post(
    '/admin/redemptions/:id/ship',
    office({
      guard: app.requireOperator,
      // 404: unknown; 409: not approved (waiting, shipped, delivered, rejected or cancelled).
      config: { errorStatuses: [404, 409] },
      summary: 'Ship an approved redemption with a carrier and tracking number',
      params: redemptionParams,
      body: redemptionShipSchema,
      ok: z.object({ redemption: adminRedemptionListSchema.shape.data.element }),
    }),
    async (request) => ({
      redemption: await redemptions.ship(currentAuth(request).user.id, request.params.id, request.body, request.ip),
    }),
  );

  officeMoneyOperation('/admin/redemptions/:id/deliver', {
    guard: app.requireOperator,
    // 404: unknown; 409: not shipped, or no vault bar holds the grams.
    config: { errorStatuses: [404, 409] },
    summary:
      'Mark a shipped redemption delivered (Idempotency-Key header): its grams leave the liabilities and the vault bar',
    params: redemptionParams,
    body: redemptionDeliverSchema,
    ok: z.object({ redemption: adminRedemptionListSchema.shape.data.element }),
    operate: ({ user, params, body, claim, request }) =>
      redemptions.deliver(user.id, params.id, body.barId, claim, request.ip),
  });
};
