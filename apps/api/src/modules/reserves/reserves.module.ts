import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createReservesService, type ReservesService } from './reserves.service.js';
import { reservesRoutes } from './reserves.routes.js';

declare module '../../services.js' {
  interface Services {
    reserves: ReservesService;
  }
}

/** How often the job records the figures (one process a period, through the schedule). */
const SNAPSHOT_EVERY_MS = 10 * 60_000;

/** Proof of reserves: the snapshot job, the public figures and the operator's vault bar list. */
export default fp(
  async (app) => {
    const chain = app.chain;
    const reserves = createReservesService({
      db: app.database.db,
      ledger: app.services.ledger,
      ...(chain ? { qmgtSupply: () => chain.qmgtTotalSupply() } : {}),
      log: app.log,
    });
    app.services.reserves = reserves;
    app.schedule.every('reserves.snapshot', { everyMs: SNAPSHOT_EVERY_MS }, () => reserves.snapshot());
    await app.register(reservesRoutes, { prefix: API_BASE, reserves });
  },
  { name: 'module:reserves', dependencies: ['auth', 'module:ledger'] },
);
