import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createLedgerService, type LedgerService } from './ledger.service.js';
import { ledgerAdminRoutes } from './ledger.routes.js';

declare module '../../services.js' {
  interface Services {
    ledger: LedgerService;
  }
}

/** The double-entry ledger: balances, the issued supply, and the operator's ledger check. */
export default fp(
  async (app) => {
    const ledger = createLedgerService(app.database.db);
    app.services.ledger = ledger;
    await app.register(ledgerAdminRoutes, { prefix: API_BASE, ledger });
  },
  { name: 'module:ledger', dependencies: ['auth'] },
);
