import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createDepositWatcher } from './deposits.js';
import { createDepositAddresses } from './deposit-addresses.js';
import { walletRoutes } from './wallet.routes.js';
import { chainRoutes } from './chain.routes.js';

/**
 * The customer's wallet: balances from the ledger (with or without a chain), and with a chain
 * the custodial address, the deposit watcher (operation type `deposit`), the explorer data
 * and the sandbox faucet.
 */
export default fp(
  async (app) => {
    const { config, chain } = app;
    const { ledger, market, money, transactions } = app.services;
    await app.register(walletRoutes, { prefix: API_BASE, ledger, market });
    if (!chain) return;
    const addresses = createDepositAddresses({ db: app.database.db, chain });
    const watcher = createDepositWatcher({
      db: app.database.db,
      chain,
      money,
      addresses,
      confirmations: BigInt(config.chain.confirmations),
    });
    // One process a period follows the new blocks (the schedule); a second would only find
    // every log already claimed.
    app.schedule.every('wallet.deposits', { everyMs: config.chain.scanMs }, () => watcher.scan());
    await app.register(chainRoutes, {
      prefix: API_BASE,
      chain,
      addresses,
      sandbox: config.sandbox,
      explorerUrl: (hash: string) => transactions.explorerUrl(hash),
    });
  },
  {
    name: 'module:wallet',
    dependencies: ['auth', 'module:ledger', 'module:market', 'module:money', 'module:transactions'],
  },
);
