import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SqlResult {
  rows: Record<string, unknown>[];
}

/**
 * The database port: drizzle for the application, raw SQL for pg-boss and the migrator.
 * Two adapters: embedded PGlite (one connection, in DATA_DIR/pg) and PostgreSQL (a pool).
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs SQL that may hold several statements when it has no parameters (pg-boss needs both). */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** PostgreSQL only: the connection string pg-boss opens its own pool with. */
  connectionString?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests start from a migrated template). */
  pgliteTemplate?: Blob | File | undefined;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.pgliteTemplate);
}

async function openPglite(dir: string | undefined, template: Blob | File | undefined): Promise<Database> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), ...(template ? { loadDataDir: template } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    connectionString,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async close() {
      await pool.end();
    },
  };
}
