import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../../test/build.js';
import { openDatabase, type Database } from '../../db/client.js';
import { createScheduler, type Scheduler } from './index.js';
import { scheduleJobs } from './schedule.schema.js';
import { firstRunAt, leaseUntil, nextRunAfter, tickEvery } from './schedule.rules.js';

const quiet = () => undefined;
const log = { error: quiet, warn: quiet, info: quiet, debug: quiet } as unknown as FastifyBaseLogger;

/** A clock the test moves by hand, shared by every "process". */
function controlledClock(start = new Date('2026-11-27T08:00:00Z')) {
  let at = start.getTime();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

let database: Database;
/** A second connection pool on the same database: another API process, on PostgreSQL. */
let other: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  other = database.connectionString ? await openDatabase({ databaseUrl: database.connectionString }) : database;
}, 120_000);
afterAll(async () => {
  if (other !== database) await other.close();
  await drop();
});

let nameSeq = 0;
const uniqueName = (what: string) => `test.${what}.${++nameSeq}`;

describe('the schedule rules', () => {
  it('first runs one period after it is declared, then one period after each claim', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const job = { name: 'x', everyMs: 60_000 };
    expect(firstRunAt(job, at).toISOString()).toBe('2026-01-01T00:01:00.000Z');
    // A process down for a day runs one catching-up pass, then one a period: not 1,440.
    const late = new Date('2026-01-02T00:00:30Z');
    expect(nextRunAfter(job, late).toISOString()).toBe('2026-01-02T00:01:30.000Z');
  });
  it('holds a job at least 30 s, or a whole period when that is longer', () => {
    const at = new Date(0);
    expect(leaseUntil({ name: 'x', everyMs: 2_000 }, at).getTime()).toBe(30_000);
    expect(leaseUntil({ name: 'x', everyMs: 600_000 }, at).getTime()).toBe(600_000);
    expect(leaseUntil({ name: 'x', everyMs: 2_000, leaseMs: 5_000 }, at).getTime()).toBe(5_000);
  });
  it('ticks at half the shortest period, between 0.1 s and 1 s', () => {
    expect(tickEvery([{ name: 'a', everyMs: 2_000 }])).toBe(1_000);
    expect(
      tickEvery([
        { name: 'a', everyMs: 200 },
        { name: 'b', everyMs: 60_000 },
      ]),
    ).toBe(100);
    expect(tickEvery([{ name: 'a', everyMs: 50 }])).toBe(100);
    expect(tickEvery([])).toBe(1_000);
  });
});

describe('the schedule, on a controlled clock', () => {
  it('runs a pass once per period however many processes tick', async () => {
    const clock = controlledClock();
    const name = uniqueName('once');
    let passes = 0;
    const processes: Scheduler[] = [database, other, database].map((db) => {
      const scheduler = createScheduler({ db: db.db, log, now: clock.now });
      scheduler.every(name, { everyMs: 60_000 }, async () => {
        passes++;
      });
      return scheduler;
    });
    // Not due yet: declared just now.
    expect((await Promise.all(processes.map((p) => p.runDue()))).flat()).toEqual([]);
    clock.advance(59_999);
    expect((await Promise.all(processes.map((p) => p.runDue()))).flat()).toEqual([]);
    expect(passes).toBe(0);

    for (let period = 1; period <= 3; period++) {
      clock.advance(60_000);
      const ran = (await Promise.all(processes.map((p) => p.runDue()))).flat();
      expect(ran).toEqual([name]);
      expect(passes).toBe(period);
      // The same instant again: nothing more is due.
      expect((await Promise.all(processes.map((p) => p.runDue()))).flat()).toEqual([]);
    }
    const [row] = await database.db.select().from(scheduleJobs).where(eq(scheduleJobs.name, name));
    expect(row).toMatchObject({ runs: 3, failures: 0, lastError: null, leasedUntil: null });
  });

  it('runs one catching-up pass after a long stop, not one per missed period', async () => {
    const clock = controlledClock();
    const name = uniqueName('catch-up');
    let passes = 0;
    const scheduler = createScheduler({ db: database.db, log, now: clock.now });
    scheduler.every(name, { everyMs: 60_000 }, async () => void passes++);
    await scheduler.runDue();
    clock.advance(24 * 3_600_000);
    await scheduler.runDue();
    await scheduler.runDue();
    expect(passes).toBe(1);
  });

  it('a process killed mid-pass holds the job until its lease ends, then another takes it', async () => {
    const clock = controlledClock();
    const name = uniqueName('crash');
    const started: string[] = [];
    // Process A's pass never finishes: it was killed with the job in hand.
    const a = createScheduler({ db: database.db, log, now: clock.now });
    a.every(name, { everyMs: 60_000, leaseMs: 30_000 }, () => {
      started.push('a');
      return new Promise(() => undefined);
    });
    const b = createScheduler({ db: other.db, log, now: clock.now });
    b.every(name, { everyMs: 60_000, leaseMs: 30_000 }, async () => void started.push('b'));
    await a.runDue();
    await b.runDue();
    clock.advance(60_000);
    void a.runDue(); // never settles: A's pass hangs
    await new Promise((r) => setTimeout(r, 200));
    expect(started).toEqual(['a']);
    // Next period, but A's lease (30 s from its claim) has passed: B runs it.
    clock.advance(29_000);
    expect(await b.runDue()).toEqual([]);
    clock.advance(31_000);
    expect(await b.runDue()).toEqual([name]);
    expect(started).toEqual(['a', 'b']);
  });

  it('a pass longer than its lease keeps the job: the ticking process renews it', async () => {
    const clock = controlledClock();
    const name = uniqueName('long');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs: string[] = [];
    const a = createScheduler({ db: database.db, log, now: clock.now });
    a.every(name, { everyMs: 10_000, leaseMs: 30_000 }, async () => {
      runs.push('a');
      await gate;
    });
    const b = createScheduler({ db: other.db, log, now: clock.now });
    b.every(name, { everyMs: 10_000, leaseMs: 30_000 }, async () => void runs.push('b'));
    await Promise.all([a.runDue(), b.runDue()]);
    clock.advance(10_000);
    const first = a.runDue(); // claims; its pass waits at the gate
    await new Promise((r) => setTimeout(r, 200));
    // 25 s in, A ticks again and renews its lease; at 45 s (past the first lease) B finds it held.
    clock.advance(25_000);
    await a.runDue();
    clock.advance(20_000);
    expect(await b.runDue()).toEqual([]);
    release();
    await first;
    expect(runs).toEqual(['a']);
  });

  it('a failing pass is recorded and runs again next period', async () => {
    const clock = controlledClock();
    const name = uniqueName('fails');
    let calls = 0;
    const scheduler = createScheduler({ db: database.db, log, now: clock.now });
    scheduler.every(name, { everyMs: 1_000 }, async () => {
      calls++;
      if (calls === 1) throw new Error('the feed is down');
    });
    await scheduler.runDue();
    clock.advance(1_000);
    await scheduler.runDue();
    let [row] = await database.db.select().from(scheduleJobs).where(eq(scheduleJobs.name, name));
    expect(row).toMatchObject({ runs: 1, failures: 1, lastError: 'the feed is down', leasedUntil: null });
    clock.advance(1_000);
    await scheduler.runDue();
    [row] = await database.db.select().from(scheduleJobs).where(eq(scheduleJobs.name, name));
    expect(row).toMatchObject({ runs: 2, failures: 1, lastError: null });
    expect(calls).toBe(2);
  });

  it('a shorter period in a new release takes effect at once; a job cannot be declared twice', async () => {
    const clock = controlledClock();
    const name = uniqueName('period');
    const before = createScheduler({ db: database.db, log, now: clock.now });
    before.every(name, { everyMs: 86_400_000 }, async () => undefined);
    await before.runDue();
    let passes = 0;
    const after = createScheduler({ db: database.db, log, now: clock.now });
    after.every(name, { everyMs: 60_000 }, async () => void passes++);
    expect(() => after.every(name, { everyMs: 60_000 }, async () => undefined)).toThrow(/twice/);
    await after.runDue();
    clock.advance(60_000);
    expect(await after.runDue()).toEqual([name]);
    expect(passes).toBe(1);
  });

  it('runNow runs a pass at once unless another process holds it, leaving the due time alone', async () => {
    const clock = controlledClock();
    const name = uniqueName('now');
    let passes = 0;
    const scheduler = createScheduler({ db: database.db, log, now: clock.now });
    scheduler.every(name, { everyMs: 60_000 }, async () => void passes++);
    await scheduler.runDue();
    expect(await scheduler.runNow(name)).toBe(true);
    expect(passes).toBe(1);
    clock.advance(60_000);
    expect(await scheduler.runDue()).toEqual([name]);
    expect(passes).toBe(2);
  });
});
