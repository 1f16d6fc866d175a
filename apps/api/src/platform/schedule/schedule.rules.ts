/**
 * The schedule's timing rules, pure so they are tested without a database or a timer.
 *
 * A periodic job has one row (its name) holding when it is next due and, while a process runs
 * it, until when that process holds it (its lease). Whoever moves `next_run_at` forward first
 * runs the pass: one pass per period across every process, however many tick.
 */

/** How long a process holds a job it is running before another may take it (renewed while it runs). */
export const DEFAULT_LEASE_MS = 30_000;

/** The soonest and latest a scheduler looks for due jobs: often enough for a 2 s job, rarely when idle. */
export const MIN_TICK_MS = 100;
export const MAX_TICK_MS = 1_000;

export interface Periodic {
  /** Stable name: the row's key, the same in every process. */
  name: string;
  everyMs: number;
  leaseMs?: number;
}

/** When a newly registered job is first due: one period from now, as `setInterval` would. */
export function firstRunAt(job: Periodic, now: Date): Date {
  return new Date(now.getTime() + job.everyMs);
}

/**
 * The next due time after a pass claimed at `now`. Counted from the claim, not from the time it
 * was due: a process that was down for a day runs one catching-up pass, not one per missed
 * period (every pass takes all that is due, so one is enough).
 */
export function nextRunAfter(job: Periodic, now: Date): Date {
  return new Date(now.getTime() + job.everyMs);
}

/** Until when a claim holds the job. */
export function leaseUntil(job: Periodic, now: Date): Date {
  return new Date(now.getTime() + (job.leaseMs ?? Math.max(DEFAULT_LEASE_MS, job.everyMs)));
}

/** How often a process ticks: half the shortest period, within [MIN_TICK_MS, MAX_TICK_MS]. */
export function tickEvery(jobs: readonly Periodic[]): number {
  const shortest = Math.min(...jobs.map((job) => job.everyMs), Infinity);
  return Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, Math.floor(shortest / 2)));
}
