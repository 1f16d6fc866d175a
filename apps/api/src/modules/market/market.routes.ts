import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, fromUnits, goldPriceResponseSchema } from '@qmgt/contracts';
import type { MarketService } from './market.service.js';

export const marketRoutes: FastifyPluginAsync<{ market: MarketService }> = async (fastify, { market }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.goldPrice,
    {
      schema: {
        tags: ['market'],
        summary: 'Gold spot (USD per gram), QMGT buy/sell prices and history',
        querystring: z.strictObject({ days: z.coerce.number().int().min(1).max(365).default(7) }),
        response: { 200: goldPriceResponseSchema },
      },
    },
    async (request) => {
      const spot = await market.spot();
      const prices = market.prices(spot.usdPerGram);
      const history = await market.history(new Date(Date.now() - request.query.days * 86_400_000));
      return {
        spot: fromUnits(spot.usdPerGram, 'USDT'),
        buy: fromUnits(prices.buy, 'USDT'),
        sell: fromUnits(prices.sell, 'USDT'),
        at: spot.at.toISOString(),
        history: history.map((t) => ({ at: t.at.toISOString(), spot: fromUnits(BigInt(t.usdPerGram), 'USDT') })),
      };
    },
  );
};
