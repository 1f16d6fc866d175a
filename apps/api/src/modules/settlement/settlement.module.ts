import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createSettlement, type Settlement } from './settlement.service.js';
import { settlementAdminRoutes } from './settlement.routes.js';

declare module '../../services.js' {
  interface Services {
    /** Present when a chain is configured. */
    settlement: Settlement | undefined;
  }
}

/** Chain settlement of the money engine's outbox, and the operator's backlog and reconciliation views. */
export default fp(
  async (app) => {
    const { chain } = app;
    app.services.settlement = undefined;
    if (!chain) return;
    const settlement = createSettlement({
      database: app.database,
      db: app.database.db,
      chain,
      ledger: app.services.ledger,
      transactions: app.services.transactions,
      confirmations: BigInt(app.config.chain.confirmations),
      log: app.log,
    });
    settlement.start();
    app.addHook('onClose', () => settlement.stop());
    app.services.settlement = settlement;
    await app.register(settlementAdminRoutes, { prefix: API_BASE, settlement });
  },
  { name: 'module:settlement', dependencies: ['auth', 'module:ledger', 'module:transactions'] },
);
