import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { explorerTxUrl } from '../../adapters/chain/index.js';
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
    const transactions = createTransactionsService({ db: app.database.db, explorerUrl });
    app.services.transactions = transactions;
    await app.register(transactionsRoutes, { prefix: API_BASE, transactions });
  },
  { name: 'module:transactions', dependencies: ['auth'] },
);
