import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  adminRemittancesQuerySchema,
  adminRemittancesResponseSchema,
  apiPaths,
  checkoutRequestSchema,
  checkoutResponseSchema,
  paymentQuoteRequestSchema,
  paymentQuoteSchema,
  paymentResponseSchema,
  paymentsResponseSchema,
  remitQuoteRequestSchema,
  remitQuoteSchema,
  remitRequestSchema,
  remitResponseSchema,
  remittancesQuerySchema,
  remittancesResponseSchema,
  sandboxCheckoutResultSchema,
  sandboxCheckoutSchema,
  text,
} from '@qmgt/contracts';
import { fromUnits } from '@qmgt/contracts';
import { AppError, badRequest } from '../../lib/errors.js';
import { routeDeclarer } from '../../lib/routes.js';
import { moneyOperationDeclarer } from '../../lib/money-routes.js';
import { currentAuth } from '../../plugins/auth.js';
import { SandboxCheckoutError, type SandboxCheckoutRow, type SandboxGateway } from '../../adapters/payments/sandbox.js';
import type { PaymentsService } from './payments.service.js';
import type { RemitService } from './remit.service.js';
import { perCustomerRateLimit } from '../../plugins/rate-limit.js';
import { requestLinkBase } from '../../lib/link-base.js';

const params = z.object({ id: z.uuid({ error: 'Payment not found.' }) });
const route = routeDeclarer({ tags: ['gold convert services'] });
const office = routeDeclarer({ tags: ['back office'] });
const sandboxRoute = routeDeclarer({ tags: ['sandbox'] });

/** Spend To Save and Remit to save for KYC-verified customers: thin handlers over the services. */
export const paymentsRoutes: FastifyPluginAsync<{ payments: PaymentsService; remit: RemitService }> = async (
  fastify,
  { payments, remit },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Recipients are found by e-mail or referral code: look-ups are counted per customer.
  const lookupLimit = perCustomerRateLimit(app, 'recipient-lookup', app.config.lookupRateLimit);
  const moneyOperation = moneyOperationDeclarer(app, route);

  app.post(
    apiPaths.paymentQuote,
    route({
      guard: app.requireVerified,
      // 422: under 10 or over 10,000 USD.
      config: { errorStatuses: [422, 503] },
      summary: 'Spend To Save: the gold a USD amount buys after the 1.5% fee (held 30 s)',
      body: paymentQuoteRequestSchema,
      ok: paymentQuoteSchema,
    }),
    async (request) => payments.quote(currentAuth(request).user.id, request.body.amountUsd),
  );
  moneyOperation(apiPaths.paymentCheckout, {
    guard: app.requireVerified,
    // 404: not the caller's quote; 409: the quote was used or was for another amount;
    // 422: expired, or the Idempotency-Key was used with another body; 503: the gateway
    // could not be reached (nothing charged).
    config: { errorStatuses: [404, 409, 422, 503] },
    summary: "Open the gateway's checkout for a quoted Spend To Save payment (Idempotency-Key header)",
    body: checkoutRequestSchema,
    ok: checkoutResponseSchema,
    operate: ({ user, body, claim, request }) =>
      payments.checkout(user.id, user.email, body, claim, requestLinkBase(request, app.config)),
  });
  app.get(
    apiPaths.payments,
    route({
      guard: app.requireVerified,
      summary: "The caller's Spend To Save payments, newest first",
      ok: paymentsResponseSchema,
    }),
    async (request) => ({ data: await payments.list(currentAuth(request).user.id) }),
  );
  app.get(
    '/payments/:id',
    route({
      guard: app.requireVerified,
      config: { errorStatuses: [404] },
      summary: 'One payment, followed to credited',
      params,
      ok: paymentResponseSchema,
    }),
    async (request) => ({ payment: await payments.get(currentAuth(request).user.id, request.params.id) }),
  );
  app.post(
    '/payments/:id/cancel',
    route({
      guard: app.requireVerified,
      config: { errorStatuses: [404, 503] },
      summary: 'The customer left the checkout: close it (a payment made meanwhile is still credited)',
      params,
      ok: paymentResponseSchema,
    }),
    async (request) => ({ payment: await payments.cancel(currentAuth(request).user.id, request.params.id) }),
  );

  app.post(
    apiPaths.remitQuote,
    route({
      guard: [app.requireVerified, lookupLimit],
      // 422: nobody who may receive has this e-mail or code, oneself, an amount the rules refuse;
      // 429: too many look-ups by this customer.
      config: { errorStatuses: [422, 429, 503] },
      summary: 'Remit to save: the recipient (masked), the total and the round-up’s gold, before confirming',
      body: remitQuoteRequestSchema,
      ok: remitQuoteSchema,
    }),
    async (request) => remit.quote(currentAuth(request).user.id, request.body),
  );
  moneyOperation(apiPaths.remit, {
    // The same recipient look-up as the quote's, from the same budget.
    guard: [app.requireVerified, lookupLimit],
    config: { errorStatuses: [404, 409, 422, 429, 503] },
    summary: 'Send USDT to a verified customer, the round-up saved as gold (Idempotency-Key header)',
    body: remitRequestSchema,
    ok: remitResponseSchema,
    operate: ({ user, body, claim }) => remit.remit(user.id, body, claim),
  });
  app.get(
    apiPaths.adminPayments,
    office({
      guard: app.requireOperator,
      summary: "Every customer's Spend To Save payments, newest first (a status filters), paged by key",
      querystring: adminPaymentsQuerySchema,
      ok: adminPaymentsResponseSchema,
    }),
    async (request) => payments.adminList(request.query),
  );
  app.get(
    apiPaths.adminRemittances,
    office({
      guard: app.requireOperator,
      summary: 'Every remittance, newest first, paged by key',
      querystring: adminRemittancesQuerySchema,
      ok: adminRemittancesResponseSchema,
    }),
    async (request) => remit.adminList(request.query),
  );
  app.get(
    apiPaths.remittances,
    route({
      guard: app.requireVerified,
      summary: 'Remittances sent and received, newest first, paged by key',
      querystring: remittancesQuerySchema,
      ok: remittancesResponseSchema,
    }),
    async (request) => remit.list(currentAuth(request).user.id, request.query),
  );
};

/** The gateway's events: a raw body, so the signature is checked over the bytes received. */
export const paymentsWebhookRoutes: FastifyPluginAsync<{ payments: PaymentsService }> = async (
  fastify,
  { payments },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    apiPaths.paymentsWebhook,
    route({
      config: {
        manualBody: {
          contentTypes: ['application/json'],
          fields: z.object({ id: text(255).min(1), type: text(255).min(1), data: z.object({}).loose() }),
        },
        // 401: the Stripe-Signature does not verify (forged, or older than five minutes).
        errorStatuses: [401],
      },
      summary: 'Payment gateway webhook (Stripe-Signature signed)',
      headers: z.object({ 'stripe-signature': text(2048).min(1) }).loose(),
      ok: z.object({ received: z.literal(true), outcome: z.string() }),
    }),
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
      if (!raw) throw badRequest('The webhook body must be JSON.');
      const outcome = await payments.handleWebhook(raw, request.headers['stripe-signature']);
      return { received: true as const, outcome };
    },
  );
};

function checkoutWire(row: SandboxCheckoutRow) {
  return {
    id: row.id,
    amountUsd: fromUnits(BigInt(row.amountCents), 'USD'),
    description: row.description,
    status: row.status,
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The sandbox gateway's checkout page reads and pays its sessions here (sandbox only). */
export const sandboxCheckoutRoutes: FastifyPluginAsync<{ sandbox: SandboxGateway }> = async (fastify, { sandbox }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A checkout session id (cs_test_…) or our payment id.
  const devParams = z.object({
    id: z.string().regex(/^(cs_test_[0-9a-f]{32}|[0-9a-f-]{36})$/, 'Checkout not found.'),
  });
  const refusal = (error: unknown): never => {
    if (error instanceof SandboxCheckoutError)
      throw new AppError(error.status, error.status === 404 ? 'NotFoundError' : 'ConflictError', error.message);
    throw error;
  };
  app.get(
    '/dev/payments/:id',
    sandboxRoute({
      config: { errorStatuses: [404] },
      summary: "Sandbox only: the sandbox gateway's checkout session",
      params: devParams,
      ok: sandboxCheckoutSchema,
    }),
    async (request) => checkoutWire(await sandbox.session(request.params.id).catch(refusal)),
  );
  app.post(
    '/dev/payments/:id/complete',
    sandboxRoute({
      config: { errorStatuses: [404, 409] },
      summary: 'Sandbox only: the customer pays the checkout (a signed checkout.session.completed follows)',
      params: devParams,
      ok: sandboxCheckoutResultSchema,
    }),
    async (request) => {
      const paid = await sandbox.pay(request.params.id).catch(refusal);
      return { checkout: checkoutWire(paid), redirectTo: paid.successUrl };
    },
  );
};
