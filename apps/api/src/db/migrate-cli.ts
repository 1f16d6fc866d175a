import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';

/**
 * `npm run db:migrate`: brings the configured database (DATABASE_URL, else PGlite in
 * DATA_DIR/pg) up to date, as the server does on start, and exits. For a deployment that
 * migrates before it starts new processes; safe to run twice.
 */
export async function migrateConfiguredDatabase(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pg'),
    pgliteThread: 'main',
  });
  try {
    const applied = await migrate(database);
    return `${database.kind}: ${applied} change(s) applied; the database is up to date`;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  migrateConfiguredDatabase()
    .then((summary) => console.log(summary))
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exitCode = 1;
    });
}
