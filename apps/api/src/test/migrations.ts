import { readMigrationFiles } from 'drizzle-orm/migrator';
import { openDatabase, type Database } from '../db/client.js';
import { MIGRATIONS_DIR } from '../db/migrate.js';

/**
 * A fresh embedded database as it was just before the numbered migration that `isTarget`
 * finds (by its statements), for a test of that migration's upgrade of old data; `upgrade`
 * then runs it. Each migration in its own transaction, as the migrator runs them (some take
 * table locks). PGlite whatever DATABASE_URL says: the test needs the schema of its time.
 */
export async function databaseBefore(isTarget: (statement: string) => boolean) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const at = migrations.findIndex((migration) => migration.sql.some(isTarget));
  if (at <= 0) throw new Error('no such migration after the first');
  const database: Database = await openDatabase({});
  const apply = async (from: number, to: number) => {
    for (const migration of migrations.slice(from, to)) {
      await database.executeSql('BEGIN');
      for (const statement of migration.sql) if (statement.trim()) await database.executeSql(statement);
      await database.executeSql('COMMIT');
    }
  };
  await apply(0, at);
  return { database, upgrade: () => apply(at, at + 1) };
}
