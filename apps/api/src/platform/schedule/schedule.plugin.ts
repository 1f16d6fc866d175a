import fp from 'fastify-plugin';
import { createScheduler, type Scheduler } from './schedule.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every periodic job: declared by modules, run once per period across processes. */
    schedule: Scheduler;
  }
}

/**
 * Modules declare their jobs while they register; the schedule starts once the app is ready
 * (every job declared) and stops before anything closes (`preClose` runs before every
 * `onClose`), so no pass is still running when a module stops what it uses.
 */
export default fp(
  async (app) => {
    const schedule = createScheduler({ db: app.database.db, log: app.log, onPass: app.metrics.schedulePass });
    app.decorate('schedule', schedule);
    app.addHook('onReady', () => schedule.start());
    app.addHook('preClose', () => schedule.stop());
  },
  { name: 'schedule', dependencies: ['database', 'metrics'] },
);
