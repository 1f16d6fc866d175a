import path from 'node:path';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/**
 * The database (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR), migrated before
 * anything uses it. A database a test passes in is the test's to close.
 */
export default fp<{ database?: Database }>(
  async (app, options) => {
    const { config } = app;
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: path.join(config.dataDir, 'pg'),
        pgliteThread: config.pgliteThread,
      }));
    await migrate(database);
    app.decorate('database', database);
    // Registered first among the infrastructure: onClose runs last-in first-out, so the
    // database closes after everything that uses it has stopped.
    if (!options.database) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
