import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { vacuumDue } from './index.js';

/* The upkeep pass against the real database (PGlite, and PostgreSQL with DATABASE_URL). */
let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 120_000);
afterAll(async () => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('database upkeep', () => {
  it('vacuums a table whose updates left dead rows, and then leaves it alone', async () => {
    const name = `upkeep_${randomUUID().replaceAll('-', '')}`;
    await t.database.db.execute(sql.raw(`CREATE TABLE ${name} (id int PRIMARY KEY, n int NOT NULL)`));
    await t.database.db.execute(sql.raw(`INSERT INTO ${name} SELECT g, 0 FROM generate_series(1, 400) g`));
    await t.database.db.execute(sql.raw(`UPDATE ${name} SET n = n + 1`));
    const qualified = `public.${name}`;

    // PostgreSQL's counters reach pg_stat_user_tables within about a second of the commit.
    let done = await vacuumDue(t.database);
    for (let i = 0; i < 30 && !done.some((u) => u.table === qualified); i++) {
      await sleep(100);
      done = await vacuumDue(t.database);
    }
    expect(done).toContainEqual({ table: qualified, vacuum: true });
    const [stats] = await rows<{ dead: number; vacuumed: boolean; analyzed: boolean }>(sql`
      SELECT n_dead_tup::int AS dead, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analyzed
        FROM pg_stat_user_tables WHERE relname = ${name}`);
    expect(stats).toEqual({ dead: 0, vacuumed: true, analyzed: true });
    expect((await vacuumDue(t.database)).map((u) => u.table)).not.toContain(qualified);
  });

  it('is a scheduled job on PGlite only: PostgreSQL runs its own autovacuum', async () => {
    const jobs = await rows<{ name: string }>(sql`SELECT name FROM schedule_jobs WHERE name = 'database.vacuum'`);
    expect(jobs.length).toBe(t.database.kind === 'pglite' ? 1 : 0);
  });
});
