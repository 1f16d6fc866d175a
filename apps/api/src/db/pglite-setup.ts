import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

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
export const withoutParsers = (options: QueryOptions | undefined): QueryOptions | undefined =>
  options?.rowMode === 'array' ? ARRAY_ROWS : undefined;

export interface PgliteInstance {
  client: PGlite;
  /**
   * The options pg-boss, the migrator and tests (executeSql) query with: PGlite's usual
   * parsing (Date objects), where drizzle's queries get text.
   */
  usual: QueryOptions;
}

/** Opens PGlite (in DATA_DIR/pg, from a dump, or in memory) parsing as drizzle wants. */
export async function openPgliteInstance(
  dir: string | undefined,
  template: Blob | File | undefined,
): Promise<PgliteInstance> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), ...(template ? { loadDataDir: template } : {}) });
  await client.waitReady;
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
  return { client, usual: { parsers: usualParsers } };
}

/**
 * The part of PGlite that drizzle and the Database adapter use, the same whether PGlite runs
 * on this thread (openPgliteHere) or on a worker thread of its own (pglite-thread.ts).
 */
export interface PgliteHandle {
  /** drizzle's queries: timestamps and the like as text, drizzle parses them itself. */
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T>;
  /** executeSql's queries: PGlite's usual parsing (Date objects). */
  queryUsual(text: string, params?: unknown[]): Promise<Results>;
  execUsual(text: string): Promise<Results[]>;
  /** A committed NOTIFY reaches `callback` before the committing query's promise resolves. */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** The data directory as one uncompressed tarball (tests start each database from one). */
  dumpDataDir(): Promise<Blob>;
  readonly closed: boolean;
  close(): Promise<void>;
}

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

/** PGlite on this thread: tests, where a worker per test app would cost more than it saves. */
export async function openPgliteHere(
  dir: string | undefined,
  template: Blob | File | undefined,
): Promise<PgliteHandle> {
  const { client, usual } = await openPgliteInstance(dir, template);
  return {
    query: (text, params, options) => client.query(text, params, withoutParsers(options)),
    exec: (text, options) => client.exec(text, withoutParsers(options)),
    transaction: (run) => client.transaction((tx) => run(drizzleFacingTransaction(tx))),
    queryUsual: (text, params) => client.query(text, params, usual),
    execUsual: (text) => client.exec(text, usual),
    listen: (channel, callback) => client.listen(channel, callback),
    dumpDataDir: async () => client.dumpDataDir('none'),
    get closed() {
      return client.closed;
    },
    close: () => client.close(),
  };
}
