import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/build.js';
import { SETTLEMENT_STATUS_SQL } from './settlement.service.js';

/*
 * GET /admin/settlement must cost the backlog, not the settled history: its settled and refused
 * figures are counters kept by the status changes (sql/chain_movement_counts.sql), and its plan
 * reads chain_movements only through the open-movements index.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build();
}, 120_000);
afterAll(async () => t.close());

const rows = async <R>(text: string, params: unknown[] = []) => (await t.database.executeSql(text, params)).rows as R[];

/** `count` movements of a made-up transaction, inserted pending, as the money engine does. */
const movements = (count: number, status = 'pending') =>
  rows(
    `INSERT INTO chain_movements (transaction_id, user_id, kind, amount)
     SELECT gen_random_uuid(), NULL, 'mint', 1 FROM generate_series(1, $1::int)
     RETURNING seq::text`,
    [count],
  ).then(async (inserted) => {
    if (status !== 'pending')
      await rows(`UPDATE chain_movements SET status = $2::chain_movement_status WHERE seq = ANY($1::bigint[])`, [
        inserted.map((r) => (r as { seq: string }).seq),
        status,
      ]);
    return inserted;
  });

describe('settlement status', () => {
  it('counts settled and refused movements by their counters, and reads no settled history', async () => {
    await movements(300, 'settled');
    await movements(7, 'refused');
    await movements(5);
    const [sent] = await movements(1);
    await rows(`UPDATE chain_movements SET status = 'sent' WHERE seq = $1::bigint`, [(sent as { seq: string }).seq]);
    // A movement that leaves a counted status (a test's own correction) is taken off its count.
    await rows(
      `UPDATE chain_movements SET status = 'cancelled' WHERE seq = (SELECT max(seq) FROM chain_movements WHERE status = 'refused')`,
    );

    const truth = await rows<{ status: string; n: number }>(
      `SELECT status::text, count(*)::int AS n FROM chain_movements GROUP BY 1`,
    );
    const of = (status: string) => truth.find((r) => r.status === status)?.n ?? 0;
    // What status() answers (GET /admin/settlement runs only with a chain: its statement here).
    const [status] = await rows<{ pending: number; sent: number; settled: number; refused: number }>(
      SETTLEMENT_STATUS_SQL,
    );
    expect(status).toMatchObject({
      pending: of('pending') + of('sent'),
      sent: of('sent'),
      settled: of('settled'),
      refused: of('refused'),
    });
    expect(of('settled')).toBeGreaterThanOrEqual(300);
    expect(of('refused')).toBeGreaterThanOrEqual(6);

    // The plan: chain_movements only through its open-movements index, whatever the planner would
    // rather do on a table this small.
    await rows('SET enable_seqscan = off');
    try {
      const plan = (await rows<{ 'QUERY PLAN': string }>(`EXPLAIN ${SETTLEMENT_STATUS_SQL}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).not.toMatch(/Seq Scan on chain_movements/);
      expect(plan).toMatch(/chain_movements_open_idx/);
    } finally {
      await rows('RESET enable_seqscan');
    }
  });
});
