import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, balanceResponseSchema, balancesResponseSchema, fromUnits } from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import type { LedgerService } from '../ledger/index.js';
import type { MarketService } from '../market/index.js';

/** The customer's balances, read from the ledger (no chain needed). */
export const walletRoutes: FastifyPluginAsync<{ ledger: LedgerService; market: MarketService }> = async (
  fastify,
  { ledger, market },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.qmgtBalance,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        summary: 'Available USDT and QMGT',
        response: { 200: balanceResponseSchema },
      },
    },
    async (request) => {
      const balances = await ledger.shownBalances(currentAuth(request).user.id);
      return { usdt: fromUnits(balances.USDT.available, 'USDT'), qmgt: fromUnits(balances.QMGT.available, 'QMGT') };
    },
  );

  app.get(
    apiPaths.balances,
    {
      onRequest: app.requireUser,
      config: { errorStatuses: [503] },
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        summary: 'Every asset by purpose: USDT, QMGT, GOLD (GSA, plan, locked), rewards; and the spot',
        response: { 200: balancesResponseSchema },
      },
    },
    async (request) => {
      const [b, spot] = await Promise.all([ledger.shownBalances(currentAuth(request).user.id), market.spot()]);
      return {
        USDT: { available: fromUnits(b.USDT.available, 'USDT'), locked: fromUnits(b.USDT.locked, 'USDT') },
        QMGT: { available: fromUnits(b.QMGT.available, 'QMGT'), locked: fromUnits(b.QMGT.locked, 'QMGT') },
        GOLD: {
          available: fromUnits(b.GOLD.available, 'GOLD'),
          plan: fromUnits(b.GOLD.gae_plan, 'GOLD'),
          ges: fromUnits(b.GOLD.ges, 'GOLD'),
          locked: fromUnits(b.GOLD.locked, 'GOLD'),
        },
        rewards: { QMGT: fromUnits(b.QMGT.rewards, 'QMGT') },
        spot: fromUnits(spot.usdPerGram, 'USDT'),
      };
    },
  );
};
