import fp from 'fastify-plugin';
import { API_BASE, toUnits } from '@qmgt/contracts';
import { createSandboxPriceFeed } from '../../adapters/prices/sandbox.js';
import { createHttpPriceFeed } from '../../adapters/prices/http.js';
import { DEFAULT_POLICY, type PricingPolicy } from './market.rules.js';
import { createMarketService, type MarketService } from './market.service.js';
import { marketRoutes } from './market.routes.js';

declare module '../../services.js' {
  interface Services {
    market: MarketService & { policy: PricingPolicy };
  }
}

/** Gold prices (sandbox walk or an HTTP feed), the QMGT spread and fees, the price route. */
export default fp(
  async (app) => {
    const { config } = app;
    const policy: PricingPolicy = {
      ...DEFAULT_POLICY,
      spreadBps: BigInt(config.market.spreadBps),
      swapFeeBps: BigInt(config.market.swapFeeBps),
    };
    const market = createMarketService({
      db: app.database.db,
      feed: config.market.feed
        ? createHttpPriceFeed({ ...config.market.feed, timeoutMs: 5000 })
        : createSandboxPriceFeed(toUnits(config.market.goldUsdPerGram, 'USDT')),
      policy,
      refreshMs: config.market.refreshMs,
    });
    // A tick per period (the row per instant makes a second one a no-op anyway).
    app.schedule.every('market.price-refresh', { everyMs: Math.min(config.market.refreshMs, 60_000) }, () =>
      market.refresh(),
    );
    app.services.market = Object.assign(market, { policy });
    await app.register(marketRoutes, { prefix: API_BASE, market });
  },
  { name: 'module:market' },
);
