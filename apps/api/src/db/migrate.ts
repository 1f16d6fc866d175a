import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './client.js';

/** apps/api/drizzle, from both src/db (tsx, vitest) and dist/db (node). */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** apps/api/sql: one SQL function a file (with the triggers that call it), its one current definition. */
export const FUNCTIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sql');

/* A fixed advisory-lock key: several API processes starting at once migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_424_211;

type Exec = (sql: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The squashed migrations: a database that ran all of them has the baseline's schema already. */
interface Baseline {
  baseline: string;
  replaces: { tag: string; hash: string }[];
}

export interface SqlFunctionFile {
  name: string;
  text: string;
  checksum: string;
}

/** The function files, by name (the file's name is the function's). */
export function readFunctionFiles(dir = FUNCTIONS_DIR): SqlFunctionFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      return { name: file.slice(0, -4), text, checksum: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * Brings a database to the current schema, in two steps, under one lock:
 * 1. the committed numbered migrations that have not run (tables and data), each in its own
 *    transaction, recorded in `schema_migrations` by hash; the baseline is recorded without
 *    running on a database that ran every migration it replaces;
 * 2. the SQL functions whose file changed since they were last applied (by checksum, recorded
 *    in `schema_functions`), all in one transaction, so a release's functions change together
 *    or not at all; a function whose file is gone is dropped. Function bodies are not checked
 *    while they are created (`check_function_bodies`): files are applied in name order and may
 *    call each other.
 * The same files serve PGlite and PostgreSQL. Returns how many migrations and functions ran.
 */
export async function migrate(database: Database, options: { functionsDir?: string } = {}): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const baseline = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'baseline-replaces.json'), 'utf8')) as Baseline;
  const baselineWhen = journal.entries.find((entry) => entry.tag === baseline.baseline)?.when;
  const functions = readFunctionFiles(options.functionsDir);

  const run = async (exec: Exec) => {
    await exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (hash text PRIMARY KEY, created_at bigint NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    await exec(
      `CREATE TABLE IF NOT EXISTS schema_functions (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const applied = new Set((await exec('SELECT hash FROM schema_migrations')).rows.map((r) => String(r.hash)));
    let count = 0;
    for (const migration of migrations) {
      if (applied.has(migration.hash)) continue;
      const record = () =>
        exec('INSERT INTO schema_migrations (hash, created_at) VALUES ($1, $2)', [
          migration.hash,
          migration.folderMillis,
        ]);
      if (migration.folderMillis === baselineWhen) {
        const ran = baseline.replaces.filter((old) => applied.has(old.hash)).length;
        if (ran === baseline.replaces.length) {
          await record();
          continue;
        }
        if (ran > 0)
          throw new Error(
            `This database ran ${ran} of the ${baseline.replaces.length} migrations the baseline replaces: ` +
              `migrate it with a release before the baseline (git 0490809) first.`,
          );
      }
      await exec('BEGIN');
      try {
        for (const statement of migration.sql) {
          if (statement.trim()) await exec(statement);
        }
        await record();
        await exec('COMMIT');
      } catch (error) {
        await exec('ROLLBACK');
        throw error;
      }
      count++;
    }
    return count + (await applyFunctions(exec, functions));
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

/** Step 2 of `migrate`: the function files whose text changed, in one transaction. */
async function applyFunctions(exec: Exec, files: SqlFunctionFile[]): Promise<number> {
  const recorded = new Map(
    (await exec('SELECT name, checksum FROM schema_functions')).rows.map((r) => [String(r.name), String(r.checksum)]),
  );
  const changed = files.filter((file) => recorded.get(file.name) !== file.checksum);
  const names = new Set(files.map((file) => file.name));
  const removed = [...recorded.keys()].filter((name) => !names.has(name));
  if (changed.length === 0 && removed.length === 0) return 0;
  await exec('BEGIN');
  try {
    await exec('SET LOCAL check_function_bodies = off');
    for (const name of removed) {
      await exec(`DROP FUNCTION IF EXISTS "${name.replace(/"/g, '')}"`);
      await exec('DELETE FROM schema_functions WHERE name = $1', [name]);
    }
    for (const file of changed) {
      try {
        await exec(file.text);
      } catch (error) {
        throw new Error(`sql/${file.name}.sql: ${(error as Error).message}`, { cause: error });
      }
      await exec(
        `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
        [file.name, file.checksum],
      );
    }
    await exec('COMMIT');
  } catch (error) {
    await exec('ROLLBACK');
    throw error;
  }
  return changed.length + removed.length;
}
