import fp from 'fastify-plugin';
import { vacuumDue } from './vacuum.js';

/** PostgreSQL's autovacuum_naptime: how often its launcher looks for tables to vacuum. */
const VACUUM_PASS_MS = 60_000;

/**
 * On PGlite, a scheduled pass that vacuums and analyzes the tables autovacuum would
 * (vacuum.rules.ts). PostgreSQL runs its own autovacuum: nothing is declared there.
 */
export default fp(
  async (app) => {
    if (app.database.kind !== 'pglite') return;
    app.schedule.every('database.vacuum', { everyMs: VACUUM_PASS_MS }, () => vacuumDue(app.database));
  },
  { name: 'maintenance', dependencies: ['database', 'schedule'] },
);
