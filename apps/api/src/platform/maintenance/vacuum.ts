import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { tablesDue, type TableActivity, type Upkeep } from './vacuum.rules.js';

/**
 * One pass of PGlite's stand-in for autovacuum (vacuum.rules.ts): reads the tables' activity
 * counters and vacuums or analyzes the tables past PostgreSQL's thresholds, one statement each.
 * Its cost follows the rows changed since the last pass (VACUUM skips the pages the visibility
 * map shows untouched). Answers what it did.
 */
export async function vacuumDue(database: Database): Promise<Upkeep[]> {
  const result = (await database.db.execute(sql`
    SELECT format('%I.%I', schemaname, relname) AS "table", n_live_tup::int AS live, n_dead_tup::int AS dead,
           n_mod_since_analyze::int AS "modifiedSinceAnalyze"
      FROM pg_stat_user_tables`)) as unknown as { rows: TableActivity[] };
  const due = tablesDue(result.rows);
  // One at a time, outside any transaction (VACUUM refuses one): PGlite runs one statement at a time anyway.
  for (const { table, vacuum } of due)
    await database.db.execute(sql.raw(`${vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${table}`));
  return due;
}
