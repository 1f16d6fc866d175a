import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { LEDGER_BALANCES_CHANNEL } from '../../db/client.js';
import { createBalanceCache } from './balance-cache.js';
import { createLedgerService, type CustomerBalances, type LedgerService } from './ledger.service.js';
import { ledgerAdminRoutes } from './ledger.routes.js';

declare module '../../services.js' {
  interface Services {
    ledger: LedgerService;
  }
}

/** The double-entry ledger: balances, the issued supply, and the operator's ledger check. */
export default fp(
  async (app) => {
    const balanceCache = createBalanceCache<CustomerBalances>();
    const ledger = createLedgerService(app.database.db, { balanceCache });
    app.services.ledger = ledger;
    // Until the listener is up the cache believes nothing (it is not live).
    const stopListening = await app.database.listen(LEDGER_BALANCES_CHANNEL, balanceCache.handlers);
    app.addHook('onClose', async () => stopListening());
    // The full audit reads every posting: once a night, never on a request (the operator's
    // check is incremental). A finding is an alarm for the operators' logs.
    app.schedule.every('ledger.full-audit', { everyMs: 86_400_000, leaseMs: 30 * 60_000 }, async () => {
      const audit = await ledger.fullAudit();
      if (!audit.balanced || !audit.nonNegative || !audit.totalsMatch)
        app.log.error({ audit }, 'ledger full audit: the ledger breaks an invariant');
    });
    await app.register(ledgerAdminRoutes, { prefix: API_BASE, ledger });
  },
  { name: 'module:ledger', dependencies: ['auth'] },
);
