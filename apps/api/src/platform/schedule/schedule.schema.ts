import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per periodic job (the schedule module's own table): when it is next due, and the
 * lease of the process running it. Tiny and keyed by name, so a tick reads a handful of rows.
 */
export const scheduleJobs = pgTable('schedule_jobs', {
  name: text('name').primaryKey(),
  everyMs: integer('every_ms').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** Set while a process runs the pass; another process may take the job once it has passed. */
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  leasedBy: text('leased_by'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastDurationMs: integer('last_duration_ms'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
});
