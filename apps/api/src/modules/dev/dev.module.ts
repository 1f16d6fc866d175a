import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { devRoutes } from './dev.routes.js';

/**
 * The sandbox's own routes (the dev mailbox): registered only when SANDBOX is on, so they do
 * not exist in production; plugins/dev-gate.ts keeps them to this machine otherwise.
 */
export default fp(
  async (app) => {
    if (app.config.sandbox)
      await app.register(devRoutes, { prefix: API_BASE, db: app.database.db, services: app.services });
  },
  { name: 'dev', dependencies: ['database'] },
);
