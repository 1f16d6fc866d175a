import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  sellTokenRequestSchema,
  swapQuoteRequestSchema,
  swapQuoteSchema,
  swapRequestSchema,
  transactionResponseSchema,
} from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import { moneyOperationDeclarer } from '../../lib/money-routes.js';
import { currentAuth } from '../../plugins/auth.js';
import type { SwapService } from './swap.service.js';

/** Quotes, swaps and sells: thin handlers over the swap service. */
export const swapRoutes: FastifyPluginAsync<{ swap: SwapService }> = async (fastify, { swap }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['swap'];
  const security = [{ bearer: [] }];
  const route = routeDeclarer({ tags, security });
  const moneyOperation = moneyOperationDeclarer(app, route);

  app.post(
    apiPaths.swapQuote,
    route({
      guard: app.requireVerified,
      // 422: an amount under the minimum or with too many decimals; 503: no fresh gold price.
      config: { errorStatuses: [422, 503] },
      summary: 'A 30-second quote: price, amounts and fee before confirming',
      body: swapQuoteRequestSchema,
      ok: swapQuoteSchema,
    }),
    async (request) => swap.quote(currentAuth(request).user.id, request.body),
  );

  moneyOperation(apiPaths.swap, {
    guard: app.requireVerified,
    // 404 unknown quote, 409 quote already used, 422 expired, moved or unaffordable, 503 no price.
    config: { errorStatuses: [404, 409, 422, 503] },
    summary: 'Execute a quote (Idempotency-Key header)',
    body: swapRequestSchema,
    ok: transactionResponseSchema,
    operate: ({ user, body, claim }) => swap.swap(user.id, body.quoteId, claim),
  });

  moneyOperation(apiPaths.sellToken, {
    guard: app.requireVerified,
    // 404 unknown quote, 409 quote already used, 422 expired, moved or unaffordable, 503 no price.
    config: { errorStatuses: [404, 409, 422, 503] },
    summary: 'Sell QMGT for USDT at the quote shown or at least minAmountOut (Idempotency-Key header)',
    body: sellTokenRequestSchema,
    ok: transactionResponseSchema,
    operate: ({ user, body, claim }) => swap.sell(user.id, body, claim),
  });
};
