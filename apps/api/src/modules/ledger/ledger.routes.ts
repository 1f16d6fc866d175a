import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, ledgerCheckResponseSchema } from '@qmgt/contracts';
import type { LedgerService } from './ledger.service.js';

export const ledgerAdminRoutes: FastifyPluginAsync<{ ledger: LedgerService }> = async (fastify, { ledger }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.adminLedgerCheck,
    {
      onRequest: app.requireOperator,
      schema: {
        tags: ['back office'],
        security: [{ bearer: [] }],
        summary:
          'Since the last check: entries sum to zero, touched customers not below zero, touched balances equal their postings',
        response: { 200: ledgerCheckResponseSchema },
      },
    },
    async () => ledger.check(),
  );
};
