import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { poolNotifications, startPostgresListener, type NotificationHandlers } from './notifications.js';

export { AUTH_CHANGES_CHANNEL, LEDGER_BALANCES_CHANNEL, type NotificationHandlers } from './notifications.js';

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
   * (AUTH_CHANGES_CHANNEL, LEDGER_BALANCES_CHANNEL) a NOTIFY
   * committed through this handle reaches `notify` before the committing call returns; one from
   * another process, as soon as the database delivers it. `live(false)` says notifications may
   * be missed for now.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
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
  /** Sees every statement the application's drizzle handle sends (tests count them). */
  onQuery?: ((sql: string) => void) | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onQuery);
  return openPglite(options.pgliteDir, options.pgliteTemplate, options.onQuery);
}

const queryLogger = (onQuery: OpenDatabaseOptions['onQuery']) => (onQuery ? { logQuery: onQuery } : undefined);

/*
 * drizzle's PGlite driver passes its own `parsers` with every query (timestamps, dates,
 * intervals and some arrays left as text, which drizzle maps itself). PGlite then merges them
 * with its ~300 default parsers by copying the whole map, once per query. Instead the same
 * text parsers are set once on the instance, and drizzle's per-query ones are dropped.
 */
const identity = (value: string) => value;
const SCALARS_AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE];
/** numeric[], timestamp[], timestamptz[], interval[], date[]: drizzle's list, element type. */
const ARRAYS_AS_TEXT: [number, number][] = [
  [1231, types.NUMERIC],
  [1115, types.TIMESTAMP],
  [1185, types.TIMESTAMPTZ],
  [1187, types.INTERVAL],
  [1182, types.DATE],
];
const ARRAY_ROWS: QueryOptions = { rowMode: 'array' };

/** Only rowMode matters once the instance parses like drizzle wants. */
const withoutParsers = (options: QueryOptions | undefined): QueryOptions | undefined =>
  options?.rowMode === 'array' ? ARRAY_ROWS : undefined;

function drizzleFacingTransaction(tx: Transaction): Transaction {
  return {
    query: (text, params, options) => tx.query(text, params, withoutParsers(options)),
    sql: (strings, ...params) => tx.sql(strings, ...params),
    exec: (text, options) => tx.exec(text, withoutParsers(options)),
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed;
    },
  };
}

async function openPglite(
  dir: string | undefined,
  template: Blob | File | undefined,
  onQuery: OpenDatabaseOptions['onQuery'],
): Promise<Database> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), ...(template ? { loadDataDir: template } : {}) });
  await client.waitReady;
  // pg-boss, the migrator and tests (executeSql) keep PGlite's usual parsing: Date objects.
  const usualParsers: Record<number, (value: string) => unknown> = {};
  for (const oid of SCALARS_AS_TEXT) {
    const parse = client.parsers[oid];
    if (parse) usualParsers[oid] = parse;
  }
  for (const [arrayOid, elementOid] of ARRAYS_AS_TEXT) {
    const element = client.parsers[elementOid] ?? identity;
    usualParsers[arrayOid] = (value) => types.arrayParser(value, element, arrayOid);
  }
  // After waitReady: it installs the array parsers these replace.
  for (const oid of SCALARS_AS_TEXT) client.parsers[oid] = identity;
  for (const [arrayOid] of ARRAYS_AS_TEXT) client.parsers[arrayOid] = identity;
  const usual: QueryOptions = { parsers: usualParsers };

  const drizzleFacing = new Proxy(client, {
    get(target, property) {
      if (property === 'query')
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          target.query(text, params, withoutParsers(options));
      if (property === 'transaction')
        return <T>(run: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => run(drizzleFacingTransaction(tx)));
      // PGlite keeps its state in private fields: its methods must run on the instance itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const db = drizzlePglite(drizzleFacing, { schema, logger: queryLogger(onQuery) }) as unknown as Db;
  const unlisteners = new Set<() => Promise<void>>();
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text, usual);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query<Record<string, unknown>>(text, values, usual);
      return { rows: result.rows };
    },
    async listen(channel, handlers) {
      // One process, one backend: PGlite hands a committed NOTIFY to its callbacks before the
      // committing query returns, and there is no connection to lose.
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
