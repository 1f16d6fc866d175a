import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client.js';

/** apps/api/drizzle, from both src/db (tsx, vitest) and dist/db (node). */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/* A fixed advisory-lock key: several API processes starting at once migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_424_211;

/**
 * Applies the committed SQL migrations that have not run yet, each in its own transaction,
 * recording them in `schema_migrations`. The same files serve PGlite and PostgreSQL.
 */
export async function migrate(database: Database): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const run = async (exec: (sql: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) => {
    await exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (hash text PRIMARY KEY, created_at bigint NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const applied = new Set((await exec('SELECT hash FROM schema_migrations')).rows.map((r) => String(r.hash)));
    let count = 0;
    for (const migration of migrations) {
      if (applied.has(migration.hash)) continue;
      await exec('BEGIN');
      try {
        for (const statement of migration.sql) {
          if (statement.trim()) await exec(statement);
        }
        await exec('INSERT INTO schema_migrations (hash, created_at) VALUES ($1, $2)', [
          migration.hash,
          migration.folderMillis,
        ]);
        await exec('COMMIT');
      } catch (error) {
        await exec('ROLLBACK');
        throw error;
      }
      count++;
    }
    return count;
  };

  if (database.kind === 'pglite') return run((sql, values) => database.executeSql(sql, values));

  // PostgreSQL: one dedicated connection holds the lock and runs every statement.
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await run(async (sql, values) => ({
      rows: (await client.query(sql, values)).rows as Record<string, unknown>[],
    }));
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
