import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createStakingService, type StakingService } from './staking.service.js';
import { stakingRoutes } from './staking.routes.js';

declare module '../../services.js' {
  interface Services {
    staking: StakingService;
  }
}

const MATURITY_PASS_MS = 60_000;

/** Staking QMGT+ (operation types staking_stake and staking_close) and its maturity job. */
export default fp(
  async (app) => {
    const { money, transactions } = app.services;
    const staking = createStakingService({ db: app.database.db, money, transactions });
    app.services.staking = staking;
    // Every process passes; a position's status makes its payment happen once.
    const timer = setInterval(() => {
      staking.runMaturities().catch((error) => app.log.error({ err: error }, 'staking maturity pass failed'));
    }, MATURITY_PASS_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await app.register(stakingRoutes, { prefix: API_BASE, staking });
  },
  { name: 'module:staking', dependencies: ['auth', 'idempotency', 'module:money', 'module:transactions'] },
);
