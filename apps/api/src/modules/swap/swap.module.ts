import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createSwapService, type SwapService } from './swap.service.js';
import { swapRoutes } from './swap.routes.js';

declare module '../../services.js' {
  interface Services {
    swap: SwapService;
  }
}

/** Quotes, swaps and sells of QMGT: operation types `swap` and `sell` of the money engine. */
export default fp(
  async (app) => {
    const { money, market, transactions } = app.services;
    const swap = createSwapService({ db: app.database.db, money, market, transactions, policy: market.policy });
    app.services.swap = swap;
    await app.register(swapRoutes, { prefix: API_BASE, swap });
  },
  {
    name: 'module:swap',
    dependencies: ['auth', 'idempotency', 'module:money', 'module:market', 'module:transactions'],
  },
);
