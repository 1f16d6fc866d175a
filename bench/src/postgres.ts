import pg from 'pg';
import { onInterrupt } from './processes.js';

/** The machine's PostgreSQL as the README and the API tests use it (database test, user postgres, trust auth). */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * BENCH_DATABASE_URL when set ("none" or empty: PGlite only); otherwise the local PostgreSQL if
 * it answers within a second, so that a plain `npm run bench` measures both databases.
 */
export async function resolveBenchDatabaseUrl(): Promise<{ url: string | undefined; why: string }> {
  const configured = process.env.BENCH_DATABASE_URL;
  if (configured !== undefined) {
    if (configured === '' || configured === 'none') return { url: undefined, why: 'BENCH_DATABASE_URL=none' };
    return { url: configured, why: 'BENCH_DATABASE_URL' };
  }
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { url: LOCAL_POSTGRES_URL, why: `BENCH_DATABASE_URL unset, ${LOCAL_POSTGRES_URL} answers` };
  } catch {
    return { url: undefined, why: `BENCH_DATABASE_URL unset and nothing answers on ${LOCAL_POSTGRES_URL}` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh database on the server of `adminUrl`, dropped afterwards (even when `run` fails). */
export async function withFreshDatabase(adminUrl: string, run: (url: string) => Promise<void>): Promise<void> {
  const name = `qmgt_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error: unknown) => {
      console.warn(`could not drop ${name}: ${String(error)}`);
    });
    await admin.end();
  };
  const forget = onInterrupt(drop);
  try {
    await run(url.toString());
  } finally {
    forget();
    await drop();
  }
}

/**
 * VACUUM (ANALYZE) of the whole bench database: this machine's PostgreSQL runs with autovacuum
 * off, so without it every scenario would run on the dead tuples and stale statistics of the
 * one before.
 */
export async function vacuumAnalyze(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  try {
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
  return (performance.now() - t0) / 1000;
}

export interface TransactionCounts {
  pending: number;
  failed: number;
  total: number;
}

/** Counts business transactions by status straight from the bench database, on one connection kept for polling. */
export async function openTransactionCounter(
  url: string,
): Promise<{ read(): Promise<TransactionCounts>; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return {
    async read() {
      const { rows } = await client.query<{ pending: string; failed: string; total: string }>(
        `SELECT count(*) FILTER (WHERE status = 'pending') AS pending,
                count(*) FILTER (WHERE status = 'failed') AS failed,
                count(*) AS total
           FROM transactions`,
      );
      const row = rows[0]!;
      return { pending: Number(row.pending), failed: Number(row.failed), total: Number(row.total) };
    },
    close: () => client.end(),
  };
}
