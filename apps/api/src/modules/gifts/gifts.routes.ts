import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  giftQuoteRequestSchema,
  giftQuoteSchema,
  giftRequestSchema,
  giftResponseSchema,
  giftsQuerySchema,
  giftsResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { moneyOperationDeclarer } from '../../lib/money-routes.js';
import { currentAuth } from '../../plugins/auth.js';
import { perCustomerRateLimit } from '../../plugins/rate-limit.js';
import type { GiftsService } from './gifts.service.js';

const route = routeDeclarer({ tags: ['gift gold'] });

/** Gift gold for KYC-verified customers: thin handlers over the service. */
export const giftsRoutes: FastifyPluginAsync<{ gifts: GiftsService }> = async (fastify, { gifts }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Recipients are found by e-mail or referral code: look-ups are counted per customer, as
  // Remit to save's are (a budget of the same size, its own).
  const lookupLimit = perCustomerRateLimit(app, 'gift-recipient-lookup', app.config.lookupRateLimit);

  app.post(
    apiPaths.giftQuote,
    route({
      guard: [app.requireVerified, lookupLimit],
      // 422: oneself, a referral code no verified customer has, grams not above zero or more
      // than the GSA holds; 429: too many look-ups by this customer.
      config: { errorStatuses: [422, 429, 503] },
      summary: 'Gift gold: the recipient (masked, or invited), the grams and their value, held 30 s',
      body: giftQuoteRequestSchema,
      ok: giftQuoteSchema,
    }),
    async (request) => gifts.quote(currentAuth(request).user.id, request.body),
  );
  moneyOperationDeclarer(app, route)(apiPaths.gifts, {
    guard: app.requireVerified,
    // 404: not the caller's quote; 409: the quote was used; 422: expired, the grams are no
    // longer held, the recipient can no longer receive, or the Idempotency-Key was used with
    // another body.
    config: { errorStatuses: [404, 409, 422] },
    summary: 'Send a quoted gift of grams from the gold savings account (Idempotency-Key header)',
    body: giftRequestSchema,
    ok: giftResponseSchema,
    operate: ({ user, body, claim }) => gifts.send(user.id, body, claim),
  });
  app.get(
    apiPaths.gifts,
    route({
      // Before verification too: an invited customer sees the gift waiting for them.
      guard: app.requireUser,
      summary: 'Gifts sent and received (and waiting for your address), newest first, paged by key',
      querystring: giftsQuerySchema,
      ok: giftsResponseSchema,
    }),
    async (request) => gifts.list(currentAuth(request).user.id, request.query),
  );
};
