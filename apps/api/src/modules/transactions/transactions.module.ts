import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { explorerTxUrl } from '../../adapters/chain/index.js';
import { TRANSACTIONS_CHANNEL } from '../../db/client.js';
import { createHistoryCache } from './history-cache.js';
import { createTransactionsService, type TransactionsService } from './transactions.service.js';
import { transactionsRoutes } from './transactions.routes.js';

declare module '../../services.js' {
  interface Services {
    transactions: TransactionsService;
  }
}

/** The business transaction record every history screen reads, with explorer links. */
export default fp(
  async (app) => {
    const { config, chain } = app;
    const chainId = chain?.chainId ?? config.chain.rpc?.chainId ?? 31337;
    const explorerUrl = (hash: string) =>
      explorerTxUrl(hash as `0x${string}`, { explorerTxBase: config.explorerTxBase, chainId }) ?? '';
    const historyCache = createHistoryCache();
    const transactions = createTransactionsService({ db: app.database.db, explorerUrl, historyCache });
    app.services.transactions = transactions;
    // Until the listener is up the cache believes nothing (it is not live); a listener that
    // reconnects drops every remembered page.
    const stopListening = await app.database.listen(TRANSACTIONS_CHANNEL, historyCache.handlers);
    app.addHook('onClose', async () => stopListening());
    await app.register(transactionsRoutes, { prefix: API_BASE, transactions });
  },
  { name: 'module:transactions', dependencies: ['auth'] },
);
