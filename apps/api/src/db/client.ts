import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { openPgliteHere } from './pglite-setup.js';
import { openPgliteWorker } from './pglite-thread.js';
import { poolNotifications, startPostgresListener, type NotificationHandlers } from './notifications.js';

export {
  AUTH_CHANGES_CHANNEL,
  LEDGER_BALANCES_CHANNEL,
  OUTBOX_CHANNEL,
  TRANSACTIONS_CHANNEL,
  type NotificationHandlers,
} from './notifications.js';

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
  /**
   * LISTEN on a channel until the returned function is called. On the announced channels
   * (AUTH_CHANGES_CHANNEL, LEDGER_BALANCES_CHANNEL, OUTBOX_CHANNEL, TRANSACTIONS_CHANNEL) a NOTIFY
   * committed through this handle reaches `notify` before the committing call returns; one from
   * another process, as soon as the database delivers it. `live(false)` says notifications may
   * be missed for now.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /** PostgreSQL only: the connection string pg-boss opens its own pool with. */
  connectionString?: string;
  /** PostgreSQL only: the pool's connections, for GET /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests start from a migrated template). */
  pgliteTemplate?: Blob | File | undefined;
  poolSize?: number;
  /** Sees every statement the application's drizzle handle sends (tests count them). */
  onQuery?: ((sql: string) => void) | undefined;
  /**
   * Where PGlite runs: a worker thread of its own (the product: the database and HTTP each
   * get a core) or this thread (tests, which open hundreds of small databases).
   */
  pgliteThread?: PgliteThreadChoice | undefined;
}

export type PgliteThreadChoice = 'worker' | 'main';

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onQuery);
  return openPglite(options.pgliteDir, options.pgliteTemplate, options.onQuery, options.pgliteThread ?? 'main');
}

const queryLogger = (onQuery: OpenDatabaseOptions['onQuery']) => (onQuery ? { logQuery: onQuery } : undefined);

async function openPglite(
  dir: string | undefined,
  template: Blob | File | undefined,
  onQuery: OpenDatabaseOptions['onQuery'],
  thread: PgliteThreadChoice,
): Promise<Database> {
  const client = thread === 'worker' ? await openPgliteWorker(dir, template) : await openPgliteHere(dir, template);
  // drizzle takes anything with PGlite's query/exec/transaction.
  const db = drizzlePglite({
    client: client as unknown as PGlite,
    schema,
    logger: queryLogger(onQuery),
  }) as unknown as Db;
  const unlisteners = new Set<() => Promise<void>>();
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.execUsual(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.queryUsual(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    async listen(channel, handlers) {
      // One backend: PGlite hands a committed NOTIFY to its callbacks before the committing
      // query returns (across the worker boundary too: the notice is posted before the reply),
      // and there is no connection to lose.
      const unlisten = await client.listen(channel, (payload) => handlers.notify(payload));
      handlers.live(true);
      const stop = async () => {
        unlisteners.delete(stop);
        if (!client.closed) await unlisten();
      };
      unlisteners.add(stop);
      return stop;
    },
    async close() {
      for (const stop of [...unlisteners]) await stop();
      await client.close();
    },
  };
}

async function openPostgres(
  connectionString: string,
  max: number,
  onQuery: OpenDatabaseOptions['onQuery'],
): Promise<Database> {
  const poolListeners = poolNotifications();
  const pool = new pg.Pool({ connectionString, max, onConnect: poolListeners.onConnect });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  const stops = new Set<() => Promise<void>>();
  const db = drizzlePg(pool, { schema, logger: queryLogger(onQuery) }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    connectionString,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async listen(channel, handlers) {
      const unlistenPool = poolListeners.add(channel, handlers.notify);
      const listener = startPostgresListener({ connectionString, channel, handlers });
      await listener.ready;
      const stop = async () => {
        stops.delete(stop);
        unlistenPool();
        await listener.stop();
      };
      stops.add(stop);
      return stop;
    },
    async close() {
      for (const stop of [...stops]) await stop();
      await pool.end();
    },
  };
}
