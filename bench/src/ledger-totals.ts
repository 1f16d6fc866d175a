/**
 * How much the ledger's running totals (migration 0030, decision 013) cost the money path, on
 * PostgreSQL: concurrent clients each commit batches of 32 sell-shaped entries (a customer's
 * QMGT to the treasury, a fee, USDT back from the float) through `ledger_post`, the path every
 * money operation takes, for a few seconds at each concurrency, with the totals kept
 *
 * - sharded: as migrated (each transaction its own shard of total rows),
 * - one row: every transaction adding to the same total rows (the hot row the design avoids),
 * - none: the postings trigger of migration 0008 (no totals; the figure to compare with).
 *
 * `npx tsx bench/src/ledger-totals.ts` (BENCH_DATABASE_URL, default the local server;
 * BENCH_SECONDS per run, default 6; BENCH_CLIENTS, default "4,64"; BENCH_ROUNDS, default 2).
 * It makes and drops a database of its own.
 */
import pg from 'pg';
import { migrate, readFunctionFiles } from '../../apps/api/src/db/migrate.js';
import type { Database } from '../../apps/api/src/db/client.js';

const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const clientCounts = (process.env.BENCH_CLIENTS ?? '4,64').split(',').map(Number);
const CUSTOMERS = 2_000;
const BATCH = 32;

const name = `qmgt_totals_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const connectionString = url.toString();

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/*
 * The variants are made from the product's own function files (apps/api/sql), not copies of
 * them: the sharded trigger as it ships, and the same trigger with its totals block cut out.
 */
const functionText = (name: string) => {
  const file = readFunctionFiles().find((f) => f.name === name);
  if (!file) throw new Error(`apps/api/sql/${name}.sql is missing`);
  return file.text;
};
const trigger = functionText('ledger_apply_postings');
const sharded = functionText('ledger_total_shard');
const totalsStart = trigger.indexOf('  -- The running totals');
const totalsEnd = trigger.indexOf('  RETURN NULL;', totalsStart);
if (totalsStart < 0 || totalsEnd < 0) throw new Error('ledger_apply_postings.sql: its totals block moved');
const withoutTotals = trigger.slice(0, totalsStart) + trigger.slice(totalsEnd);
const triggerOf = (totals: boolean) => (totals ? trigger : withoutTotals);

const oneRow = `CREATE OR REPLACE FUNCTION ledger_total_shard() RETURNS smallint LANGUAGE sql AS $$ SELECT 0::smallint $$;`;

const variants = [
  { label: 'sharded (as migrated)', sql: [sharded, triggerOf(true)] },
  { label: 'one row per total', sql: [oneRow, triggerOf(true)] },
  { label: 'no totals (0008)', sql: [triggerOf(false)] },
];

try {
  await migrate({ kind: 'postgresql', connectionString } as unknown as Database);
  const customers = await withClient(async (client) => {
    await client.query(`
      INSERT INTO users (username, email, password_hash, user_hash, ref_code)
      SELECT 'bench' || i, 'bench' || i || '@example.com', 'x', md5('h' || i), md5('r' || i)
        FROM generate_series(1, ${CUSTOMERS}) AS i`);
    const ids = (await client.query<{ id: string }>(`SELECT id::text FROM users ORDER BY id`)).rows.map((r) => r.id);
    for (const id of ids)
      await client.query(`SELECT ledger_post('deposit', NULL, $1::jsonb)`, [
        JSON.stringify([
          { owner: null, purpose: 'external', asset: 'QMGT', amount: '-1000000000000000000000000' },
          { owner: id, purpose: 'available', asset: 'QMGT', amount: '1000000000000000000000000' },
        ]),
      ]);
    await client.query('VACUUM ANALYZE');
    return ids;
  });
  const sell = (owner: string) =>
    JSON.stringify([
      { owner, purpose: 'available', asset: 'QMGT', amount: '-10000000000000000' },
      { owner: null, purpose: 'treasury', asset: 'QMGT', amount: '9900000000000000' },
      { owner: null, purpose: 'fees', asset: 'QMGT', amount: '100000000000000' },
      { owner: null, purpose: 'float', asset: 'USDT', amount: '-1300000000000000000' },
      { owner, purpose: 'available', asset: 'USDT', amount: '1300000000000000000' },
    ]);

  // Rounds alternate the order of the variants, so that load from outside (a shared machine)
  // weighs on each alike.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const order = Array.from({ length: rounds }, (_, r) => (r % 2 ? [...variants].reverse() : variants)).flat();
  for (const variant of order) {
    await withClient(async (client) => {
      for (const statement of variant.sql) await client.query(statement);
    });
    for (const clients of clientCounts) {
      const until = Date.now() + seconds * 1000;
      let entries = 0;
      let failures = 0;
      await Promise.all(
        Array.from({ length: clients }, (_, c) =>
          withClient(async (client) => {
            let n = c;
            while (Date.now() < until) {
              // A batch as the money engine sends it: its customers in id order, one commit.
              const batch = Array.from({ length: BATCH }, () => customers[(n++ * 7919) % customers.length]!).sort();
              try {
                await client.query('BEGIN');
                for (const owner of batch)
                  await client.query(`SELECT ledger_post('sell', NULL, $1::jsonb)`, [sell(owner)]);
                await client.query('COMMIT');
                entries += BATCH;
              } catch {
                await client.query('ROLLBACK');
                failures++;
              }
            }
          }),
        ),
      );
      const line = `${variant.label.padEnd(22)} ${String(clients).padStart(3)} clients: ${Math.round(entries / seconds)
        .toString()
        .padStart(6)} entries/s${failures ? `, ${failures} batches failed` : ''}`;
      console.log(line);
    }
  }
  const [check] = (
    await withClient((client) =>
      client.query<{ off: number }>(`
        SELECT count(*)::int AS off FROM (
          SELECT a.asset, a.purpose, sum(p.amount) AS posted FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
           GROUP BY a.asset, a.purpose) s
        FULL JOIN (SELECT asset, purpose, sum(total) AS total FROM ledger_totals GROUP BY asset, purpose) t
          ON t.asset = s.asset AND t.purpose = s.purpose
         WHERE coalesce(s.posted, 0) <> coalesce(t.total, 0)`),
    )
  ).rows;
  // While "no totals" runs the totals trail the postings: a difference here is expected, not a failure.
  console.log(`(after the runs, ${check!.off} (asset, purpose) totals differ from their postings: "no totals" ran)`);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
