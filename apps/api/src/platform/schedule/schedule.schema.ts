import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';

/**
 * One row per periodic job (the schedule module's own table): when it is next due, and the
 * lease of the process running it. Tiny and keyed by name, so a tick reads a handful of rows.
 */
export const scheduleJobs = pgTable('schedule_jobs', {
  name: text('name').primaryKey(),
  everyMs: integer('every_ms').notNull(),
  nextRunAt: timestamptz('next_run_at').notNull(),
  /** Set while a process runs the pass; another process may take the job once it has passed. */
  leasedUntil: timestamptz('leased_until'),
  leasedBy: text('leased_by'),
  lastStartedAt: timestamptz('last_started_at'),
  lastFinishedAt: timestamptz('last_finished_at'),
  lastDurationMs: integer('last_duration_ms'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
});
