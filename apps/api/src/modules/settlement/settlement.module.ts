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

const RECONCILE_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** A sweep of every holder takes minutes at 100,000 customers: held longer than a minute's pass. */
const SWEEP_LEASE_MS = 30 * 60_000;

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
    // Every minute the supply and the holders touched since the last pass; every night the
    // whole holder list, a page at a time (it resumes where a stopped sweep left off).
    app.schedule.every('settlement.reconcile', { everyMs: RECONCILE_EVERY_MS }, () => settlement.reconcileAndRecord());
    app.schedule.every('settlement.full-sweep', { everyMs: DAY_MS, leaseMs: SWEEP_LEASE_MS }, () =>
      settlement.fullSweep(),
    );
    app.services.settlement = settlement;
    await app.register(settlementAdminRoutes, { prefix: API_BASE, settlement });
  },
  { name: 'module:settlement', dependencies: ['auth', 'module:ledger', 'module:transactions'] },
);
