import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { scheduleJobs } from './schedule.schema.js';
import { firstRunAt, leaseUntil, nextRunAfter, tickEvery, type Periodic } from './schedule.rules.js';

export type Pass = () => Promise<unknown>;

export interface Scheduler {
  /**
   * Declares a periodic job: `pass` runs about every `everyMs`, in one process at a time across
   * all processes. A pass takes everything due through an index, so one pass per period is
   * enough, and what it does for each item is made once-only by that item's own row (the
   * money operation's idempotency, a status), not by the schedule.
   */
  every(name: string, options: { everyMs: number; leaseMs?: number }, pass: Pass): void;
  /** Records the jobs and starts ticking (after the app is ready). */
  start(): Promise<void>;
  /** Stops ticking and waits for the passes this process is running. */
  stop(): Promise<void>;
  /** One tick now, waiting for the passes it started: what tests call after moving their clock. */
  runDue(): Promise<string[]>;
  /** Runs one job's pass now if no process holds it, whether due or not (the next due time is left alone). */
  runNow(name: string): Promise<boolean>;
}

export function createScheduler(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Told of every finished pass (GET /metrics). */
  onPass?: (job: string, seconds: number, ok: boolean) => void;
}): Scheduler {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const jobs = new Map<string, Periodic & { pass: Pass }>();
  /** Passes this process is running, with the lease it must renew. */
  const running = new Map<string, { done: Promise<void>; leasedUntil: Date }>();
  /** When each job is next due as last read: a tick asks the database only about jobs that look due. */
  const dueAt = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let ticking: Promise<string[]> | undefined;

  async function record(job: Periodic) {
    const at = now();
    // A new job is first due one period from now; a known one keeps its due time unless its
    // period got shorter (a config change must not wait out the old, longer period).
    const [row] = await db
      .insert(scheduleJobs)
      .values({ name: job.name, everyMs: job.everyMs, nextRunAt: firstRunAt(job, at) })
      .onConflictDoUpdate({
        target: scheduleJobs.name,
        set: {
          everyMs: job.everyMs,
          nextRunAt: sql`least(${scheduleJobs.nextRunAt}, excluded.next_run_at)`,
        },
      })
      .returning({ nextRunAt: scheduleJobs.nextRunAt });
    dueAt.set(job.name, row!.nextRunAt.getTime());
  }

  /** Takes the job if it is due (or `force`) and nobody holds it; true when this process now runs it. */
  async function claim(job: Periodic, force: boolean): Promise<boolean> {
    const at = now();
    const free = or(isNull(scheduleJobs.leasedUntil), lt(scheduleJobs.leasedUntil, at));
    const [row] = await db
      .update(scheduleJobs)
      .set({
        ...(force ? {} : { nextRunAt: nextRunAfter(job, at) }),
        leasedUntil: leaseUntil(job, at),
        leasedBy: owner,
        lastStartedAt: at,
      })
      .where(and(eq(scheduleJobs.name, job.name), free, ...(force ? [] : [lte(scheduleJobs.nextRunAt, at)])))
      .returning({ nextRunAt: scheduleJobs.nextRunAt });
    if (row) {
      dueAt.set(job.name, row.nextRunAt.getTime());
      return true;
    }
    // Someone else ran it (or holds it): learn when it is next due, so idle ticks stay quiet.
    const [current] = await db
      .select({ nextRunAt: scheduleJobs.nextRunAt, leasedUntil: scheduleJobs.leasedUntil })
      .from(scheduleJobs)
      .where(eq(scheduleJobs.name, job.name));
    if (current) {
      const held =
        current.leasedUntil && current.leasedUntil.getTime() > at.getTime() ? current.leasedUntil : undefined;
      dueAt.set(job.name, Math.max(current.nextRunAt.getTime(), held?.getTime() ?? 0));
    }
    return false;
  }

  function run(job: Periodic & { pass: Pass }): Promise<void> {
    const startedAt = Date.now();
    const done = (async () => {
      let error: unknown;
      try {
        await job.pass();
      } catch (caught) {
        error = caught;
        log.error({ err: caught, job: job.name }, 'scheduled job failed; it runs again next period');
      }
      deps.onPass?.(job.name, (Date.now() - startedAt) / 1000, error === undefined);
      await db
        .update(scheduleJobs)
        .set({
          leasedUntil: null,
          leasedBy: null,
          lastFinishedAt: now(),
          lastDurationMs: Date.now() - startedAt,
          lastError: error === undefined ? null : String((error as Error)?.message ?? error).slice(0, 500),
          runs: sql`${scheduleJobs.runs} + 1`,
          failures: error === undefined ? scheduleJobs.failures : sql`${scheduleJobs.failures} + 1`,
        })
        .where(and(eq(scheduleJobs.name, job.name), eq(scheduleJobs.leasedBy, owner)))
        .catch((caught: unknown) => log.warn({ err: caught, job: job.name }, 'schedule: could not record a pass'));
    })().finally(() => running.delete(job.name));
    running.set(job.name, { done, leasedUntil: leaseUntil(job, now()) });
    return done;
  }

  /** A long pass keeps its job: its lease is renewed once a third of it is left. */
  async function renewLeases() {
    const at = now();
    for (const [name, held] of running) {
      const job = jobs.get(name)!;
      const total = leaseUntil(job, at).getTime() - at.getTime();
      if (held.leasedUntil.getTime() - at.getTime() > total / 3) continue;
      held.leasedUntil = leaseUntil(job, at);
      await db
        .update(scheduleJobs)
        .set({ leasedUntil: held.leasedUntil })
        .where(and(eq(scheduleJobs.name, name), eq(scheduleJobs.leasedBy, owner)));
    }
  }

  async function tick(): Promise<{ names: string[]; passes: Promise<void>[] }> {
    const names: string[] = [];
    const passes: Promise<void>[] = [];
    await renewLeases();
    const at = now().getTime();
    for (const job of jobs.values()) {
      if (running.has(job.name)) continue;
      if ((dueAt.get(job.name) ?? 0) > at) continue;
      if (!(await claim(job, false))) continue;
      names.push(job.name);
      passes.push(run(job));
    }
    return { names, passes };
  }

  return {
    every(name, options, pass) {
      if (jobs.has(name)) throw new Error(`schedule: job ${name} declared twice`);
      if (!(options.everyMs >= 1)) throw new Error(`schedule: job ${name} needs a period`);
      jobs.set(name, { name, everyMs: options.everyMs, leaseMs: options.leaseMs, pass });
      if (started) void record(jobs.get(name)!);
    },
    async start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) await record(job);
      // The one timer of the schedule (and so of all periodic business work): cheap when idle,
      // since a tick asks the database only about jobs whose due time has come.
      timer = setInterval(
        () => {
          if (ticking) return;
          ticking = tick()
            .then(({ names }) => names)
            .catch((error: unknown) => {
              log.warn({ err: error }, 'schedule: tick failed');
              return [];
            })
            .finally(() => (ticking = undefined));
        },
        tickEvery([...jobs.values()]),
      );
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking;
      await Promise.all([...running.values()].map((held) => held.done));
    },
    async runDue() {
      if (!started) {
        started = true;
        for (const job of jobs.values()) await record(job);
      }
      const { names, passes } = await tick();
      await Promise.all(passes);
      return names;
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`schedule: no job ${name}`);
      if (running.has(name) || !(await claim(job, true))) return false;
      await run(job);
      return true;
    },
  };
}
