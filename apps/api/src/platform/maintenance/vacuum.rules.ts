/**
 * When a table needs VACUUM or ANALYZE: PostgreSQL's autovacuum rule with its default settings
 * (autovacuum_vacuum_threshold 50, scale factor 0.2; analyze threshold 50, scale factor 0.1).
 * PGlite runs PostgreSQL in single-user mode, where no autovacuum runs: without this, every
 * updated row leaves a dead version behind for good, indexes keep pointing at them (the outbox's
 * due-messages index visited 9,000 entries to find 30), and the planner never has statistics.
 */
export interface TableActivity {
  /** Schema-qualified and quoted, ready for a statement. */
  table: string;
  live: number;
  dead: number;
  modifiedSinceAnalyze: number;
}

export type Upkeep = { table: string; vacuum: boolean };

const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

/** The tables due for upkeep: VACUUM (with ANALYZE) past the dead-row rule, else ANALYZE past the changed-row rule. */
export function tablesDue(tables: TableActivity[]): Upkeep[] {
  const due: Upkeep[] = [];
  for (const t of tables) {
    if (t.dead > VACUUM_THRESHOLD + VACUUM_SCALE * t.live) due.push({ table: t.table, vacuum: true });
    else if (t.modifiedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE * t.live)
      due.push({ table: t.table, vacuum: false });
  }
  return due;
}
