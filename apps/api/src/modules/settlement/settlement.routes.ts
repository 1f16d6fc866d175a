import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, reconciliationResponseSchema, settlementStatusResponseSchema } from '@qmgt/contracts';
import { routeDeclarer } from '../../lib/routes.js';
import type { Settlement } from './settlement.service.js';

/** The operator's view of chain settlement: the outbox backlog and the chain-ledger reconciliation. */
export const settlementAdminRoutes: FastifyPluginAsync<{ settlement: Settlement }> = async (
  fastify,
  { settlement },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const route = routeDeclarer({ tags: ['back office'] });
  app.get(
    apiPaths.adminSettlement,
    route({
      guard: app.requireOperator,
      summary: 'Chain movements waiting, in flight, settled and refused',
      ok: settlementStatusResponseSchema,
    }),
    async () => settlement.status(),
  );
  app.get(
    apiPaths.adminReconciliation,
    route({
      guard: app.requireOperator,
      summary: 'On-chain QMGT supply against the ledger now, and the holders the last passes found differing',
      ok: reconciliationResponseSchema,
    }),
    async () => settlement.report(),
  );
};
