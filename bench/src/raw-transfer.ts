import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { runLoad, type LoadResult } from './load.js';

const SETUP = `
  DROP TABLE IF EXISTS bench_raw_accounts;
  CREATE TABLE bench_raw_accounts (id int PRIMARY KEY, balance numeric(78,0) NOT NULL CHECK (balance >= 0));
  INSERT INTO bench_raw_accounts SELECT g, 1000000000000 FROM generate_series(1, 100) g;
`;
/** One statement moving one unit between two rows: the floor any ledger on this database sits on. */
const TRANSFER = `UPDATE bench_raw_accounts SET balance = balance + CASE WHEN id = $1 THEN -1 ELSE 1 END WHERE id IN ($1, $2)`;

export async function rawTransferRate(
  databaseUrl: string | undefined,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  if (!databaseUrl) {
    // PGlite is single-connection and in-process: measured on its own instance, one statement at a time as the server does.
    const db = new PGlite();
    await db.exec(SETUP);
    const result = await runLoad(connections, seconds, async (worker) => {
      const a = (worker % 50) + 1;
      await db.query(TRANSFER, [a, a + 50]);
      return true;
    });
    await db.close();
    return result;
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  // pool.end() resolves before its clients have closed: a late error (the database being
  // dropped right after) must not crash the run.
  pool.on('error', () => undefined);
  await pool.query(SETUP);
  const result = await runLoad(connections, seconds, async (worker) => {
    const a = (worker % 50) + 1;
    await pool.query(TRANSFER, [a, a + 50]);
    return true;
  });
  await pool.query('DROP TABLE bench_raw_accounts');
  await pool.end();
  return result;
}
