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
import { currentAuth } from '../../plugins/auth.js';
import { idempotencyOf, replayableAnswer } from '../../plugins/idempotency.js';
import type { SwapService } from './swap.service.js';

/** Quotes, swaps and sells: thin handlers over the swap service. */
export const swapRoutes: FastifyPluginAsync<{ swap: SwapService }> = async (fastify, { swap }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['swap'];
  const security = [{ bearer: [] }];
  const route = routeDeclarer({ tags, security });

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

  app.post(
    apiPaths.swap,
    route({
      guard: app.requireVerified,
      // 404 unknown quote, 409 quote already used, 422 expired, moved or unaffordable, 503 no price.
      config: { idempotent: true, errorStatuses: [404, 409, 422, 503] },
      summary: 'Execute a quote (Idempotency-Key header)',
      body: swapRequestSchema,
      ok: transactionResponseSchema,
    }),
    async (request, reply) =>
      replayableAnswer(
        reply,
        await swap.swap(currentAuth(request).user.id, request.body.quoteId, idempotencyOf(request)),
      ),
  );

  app.post(
    apiPaths.sellToken,
    route({
      guard: app.requireVerified,
      // 404 unknown quote, 409 quote already used, 422 expired, moved or unaffordable, 503 no price.
      config: { idempotent: true, errorStatuses: [404, 409, 422, 503] },
      summary: 'Sell QMGT for USDT at the quote shown or at least minAmountOut (Idempotency-Key header)',
      body: sellTokenRequestSchema,
      ok: transactionResponseSchema,
    }),
    async (request, reply) =>
      replayableAnswer(reply, await swap.sell(currentAuth(request).user.id, request.body, idempotencyOf(request))),
  );
};
