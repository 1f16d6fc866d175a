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
    // One process a period passes; a position's status makes its payment happen once.
    app.schedule.every('staking.maturities', { everyMs: MATURITY_PASS_MS }, () => staking.runMaturities());
    await app.register(stakingRoutes, { prefix: API_BASE, staking });
  },
  { name: 'module:staking', dependencies: ['auth', 'idempotency', 'module:money', 'module:transactions'] },
);
