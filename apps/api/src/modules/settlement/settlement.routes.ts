import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, reconciliationResponseSchema, settlementStatusResponseSchema } from '@qmgt/contracts';
import type { Settlement } from './settlement.service.js';

/** The operator's view of chain settlement: the outbox backlog and the chain-ledger reconciliation. */
export const settlementAdminRoutes: FastifyPluginAsync<{ settlement: Settlement }> = async (
  fastify,
  { settlement },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  app.get(
    apiPaths.adminSettlement,
    {
      onRequest: app.requireOperator,
      schema: {
        tags,
        security,
        summary: 'Chain movements waiting, in flight, settled and refused',
        response: { 200: settlementStatusResponseSchema },
      },
    },
    async () => settlement.status(),
  );
  app.get(
    apiPaths.adminReconciliation,
    {
      onRequest: app.requireOperator,
      schema: {
        tags,
        security,
        summary: 'On-chain QMGT supply against the ledger now, and the holders the last passes found differing',
        response: { 200: reconciliationResponseSchema },
      },
    },
    async () => settlement.report(),
  );
};
