import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { sandboxWarning } from '../../config.js';
import { healthRoutes } from './health.routes.js';

/** `/api/health`: the database answers, the build's version, and whether this is a sandbox. */
export default fp<{ version: string }>(
  async (app, { version }) => {
    const { config } = app;
    await app.register(healthRoutes, {
      prefix: API_BASE,
      db: app.database.db,
      sandbox: config.sandbox,
      version,
      sandboxWarning: sandboxWarning(config),
    });
  },
  { name: 'health', dependencies: ['database'] },
);
