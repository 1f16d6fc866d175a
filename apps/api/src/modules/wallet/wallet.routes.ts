import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, balanceResponseSchema, fromUnits } from '@qmgt/contracts';
import { currentAuth } from '../../plugins/auth.js';
import type { LedgerService } from '../ledger/ledger.service.js';

/** The customer's balances, read from the ledger (no chain needed). */
export const walletRoutes: FastifyPluginAsync<{ ledger: LedgerService }> = async (fastify, { ledger }) => {
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
};
