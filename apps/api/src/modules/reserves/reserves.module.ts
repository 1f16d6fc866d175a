import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createReservesService, type ReservesService } from './reserves.service.js';
import { reservesRoutes } from './reserves.routes.js';

declare module '../../services.js' {
  interface Services {
    reserves: ReservesService;
  }
}

/** How often the job records the figures (each process; a snapshot is a reading, so two are harmless). */
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
    const timer = setInterval(() => {
      reserves.snapshot().catch((error) => app.log.error({ err: error }, 'proof of reserves snapshot failed'));
    }, SNAPSHOT_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await app.register(reservesRoutes, { prefix: API_BASE, reserves });
  },
  { name: 'module:reserves', dependencies: ['auth', 'module:ledger'] },
);
