import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { build, type TestApp } from '../../test/build.js';
import { ledgerKit } from '../../test/ledger.js';
import { createLedgerService, InsufficientFundsError, type LedgerService } from './ledger.service.js';

/*
 * The ledger's running totals and its incremental check (decision 013): the issued supply is
 * read from per-(asset, purpose) totals that must equal the postings whatever mix of
 * operations ran, and the operator's check covers only what changed since the last one while
 * still catching a problem in what changed.
 */
let t: TestApp;
let ledger: LedgerService;
beforeAll(async () => {
  t = await build();
  ledger = createLedgerService(t.database.db);
});
afterAll(async () => t.close());

const { newUser, post, deposit } = ledgerKit(
  () => t,
  () => ledger,
  'incr',
);
const buy = (userId: string, usdt: bigint, fee: bigint) =>
  post('buy', [
    { account: { userId, purpose: 'available' }, asset: 'USDT', amount: -usdt },
    { account: { platform: 'treasury' }, asset: 'USDT', amount: usdt },
    { account: { platform: 'treasury' }, asset: 'QMGT', amount: -usdt },
    { account: { userId, purpose: 'available' }, asset: 'QMGT', amount: usdt - fee },
    { account: { platform: 'fees' }, asset: 'QMGT', amount: fee },
  ]);

const rows = <T>(result: { rows: Record<string, unknown>[] }) => result.rows as T[];

/** Per (asset, purpose): the running total and the sum of the postings, read at one instant. */
async function totalsAgainstPostings() {
  return rows<{ asset: string; purpose: string; total: string | null; posted: string | null }>(
    await t.database.executeSql(`
      SELECT coalesce(s.asset, t.asset)::text AS asset, coalesce(s.purpose, t.purpose)::text AS purpose,
             t.total::text AS total, s.posted::text AS posted
        FROM (SELECT a.asset, a.purpose, sum(p.amount) AS posted FROM postings p
                JOIN ledger_accounts a ON a.id = p.account_id GROUP BY a.asset, a.purpose) s
        FULL JOIN (SELECT asset, purpose, sum(total) AS total FROM ledger_totals GROUP BY asset, purpose) t
          ON t.asset = s.asset AND t.purpose = s.purpose
       ORDER BY 1, 2`),
  );
}

/**
 * Checks until the incremental check has covered everything posted so far. The check stays a
 * second behind the present (CHECK_LAG): waiting that long first makes one check cover it all.
 */
async function checkThroughNow() {
  const postedBefore = Date.now();
  await new Promise((r) => setTimeout(r, 1_100));
  for (let i = 0; i < 100; i++) {
    const result = await ledger.check();
    if (result.coverage!.caughtUp && new Date(result.coverage!.through).getTime() > postedBefore) return result;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the incremental check did not catch up');
}

describe('running totals', () => {
  it('equal the summed postings after deposits, buys with fees, refusals, rollbacks and concurrent posts', async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    await deposit(a, 'USDT', 1_000n * 10n ** 18n);
    await deposit(b, 'USDT', 500n * 10n ** 18n);
    await buy(a, 300n * 10n ** 18n, 6n * 10n ** 18n);
    await expect(buy(c, 2n, 1n)).rejects.toThrow(InsufficientFundsError);
    // A rolled-back savepoint takes its postings and its totals with it; the transaction goes on.
    await t.database.db.transaction(async (tx) => {
      await expect(
        tx.transaction(async (inner) => {
          await ledger.post(inner, { type: 'deposit' }, [
            { account: { platform: 'external' }, asset: 'GOLD', amount: -7n },
            { account: { userId: c, purpose: 'available' }, asset: 'GOLD', amount: 7n },
          ]);
          throw new Error('roll the savepoint back');
        }),
      ).rejects.toThrow('roll the savepoint back');
      await ledger.post(tx, { type: 'deposit' }, [
        { account: { platform: 'external' }, asset: 'GOLD', amount: -5n },
        { account: { userId: c, purpose: 'available' }, asset: 'GOLD', amount: 5n },
      ]);
    });
    // Several transactions at once (on PostgreSQL each on its own connection, each its own shard).
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => buy(i % 2 ? a : b, 10n ** 18n + BigInt(i), BigInt(i) + 1n)),
      ...Array.from({ length: 6 }, () => deposit(c, 'QMGT', 3n)),
    ]);

    const compared = await totalsAgainstPostings();
    expect(compared.length).toBeGreaterThan(0);
    for (const row of compared) expect(row.total, `${row.asset} ${row.purpose}`).toBe(row.posted);
    expect(compared.find((r) => r.asset === 'GOLD' && r.purpose === 'available')?.total).toBe('5');

    // The issued supply from the totals equals the old sum over every posting.
    const [summed] = rows<{ issued: string }>(
      await t.database.executeSql(`
        SELECT coalesce(sum(p.amount), 0)::text AS issued FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
         WHERE a.asset = 'QMGT' AND a.purpose NOT IN ('treasury', 'gold_vault', 'external', 'rewards_pool', 'rewards')`),
    );
    expect((await ledger.issued('QMGT')).toString()).toBe(summed!.issued);
    expect(await ledger.issued('QMGT')).toBeGreaterThan(0n);
    expect((await ledger.fullAudit()).totalsMatch).toBe(true);
  });
});

describe('the incremental ledger check', () => {
  it('pages through what was posted since the last check, keyed by (created_at, id)', async () => {
    const u = await newUser();
    const before = await checkThroughNow();
    for (let i = 0; i < 5; i++) await deposit(u, 'USDT', 1n + BigInt(i));
    await new Promise((r) => setTimeout(r, 1_100));
    const pages = [];
    for (let i = 0; i < 3; i++) pages.push(await ledger.check({ pageEntries: 2, budgetMs: 0 }));
    expect(pages.map((p) => p.coverage!.entriesChecked)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.coverage!.caughtUp)).toEqual([false, false, true]);
    expect(pages[2]!.entries).toBe(before.entries + 5);
    expect((await ledger.check()).coverage!.entriesChecked).toBe(0);

    // With time to spare, one check goes through page after page until it has caught up.
    for (let i = 0; i < 5; i++) await deposit(u, 'USDT', 1n);
    await new Promise((r) => setTimeout(r, 1_100));
    const whole = await ledger.check({ pageEntries: 2, budgetMs: 60_000 });
    expect(whole.coverage).toMatchObject({ entriesChecked: 5, caughtUp: true });
  });

  it('reads only the accounts touched since the last check, and catches a planted imbalance in one', async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    await deposit(a, 'USDT', 100n);
    await deposit(b, 'USDT', 100n);
    await deposit(c, 'USDT', 100n);
    await checkThroughNow();

    // Drift planted on c's account, which nothing touches afterwards: balance no longer equals its postings.
    await t.database.executeSql(`ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guard`);
    await t.database.executeSql(
      `UPDATE ledger_accounts SET balance = balance + 1 WHERE owner_user_id = $1 AND asset = 'USDT'`,
      [c],
    );
    await t.database.executeSql(`ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_guard`);

    // a and b move: exactly their two accounts are compared, c's is not read.
    await post('transfer', [
      { account: { userId: a, purpose: 'available' }, asset: 'USDT', amount: -10n },
      { account: { userId: b, purpose: 'available' }, asset: 'USDT', amount: 10n },
    ]);
    const quiet = await checkThroughNow();
    expect(quiet.coverage).toMatchObject({ scope: 'incremental', entriesChecked: 1, accountsChecked: 2 });
    expect(quiet).toMatchObject({ balanced: true, nonNegative: true });

    // c moves: the check now compares c's account and finds the drift.
    await deposit(c, 'USDT', 1n);
    const caught = await checkThroughNow();
    expect(caught.coverage).toMatchObject({ entriesChecked: 1, accountsChecked: 1 });
    expect(caught.balanced).toBe(false);
    // Found once, it stays found: later checks look at it again though nothing touches it.
    const later = await checkThroughNow();
    expect(later.coverage!.entriesChecked).toBe(0);
    expect(later.balanced).toBe(false);
    expect((await ledger.fullAudit()).balanced).toBe(false);

    // Put right (the drift undone): the next check clears it.
    await t.database.executeSql(`ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guard`);
    await t.database.executeSql(
      `UPDATE ledger_accounts SET balance = balance - 1 WHERE owner_user_id = $1 AND asset = 'USDT'`,
      [c],
    );
    await t.database.executeSql(`ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_guard`);
    expect(await ledger.check()).toMatchObject({ balanced: true, nonNegative: true });
  });

  it('catches an entry that does not sum to zero', async () => {
    const u = await newUser();
    await deposit(u, 'USDT', 50n);
    await checkThroughNow();
    // Planted past the trigger that refuses it: one posting, nothing on the other side.
    const entry = randomUUID();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`ALTER TABLE postings DISABLE TRIGGER postings_apply`));
      await tx.execute(sql`INSERT INTO journal_entries (id, type) VALUES (${entry}, 'forged')`);
      await tx.execute(
        sql`INSERT INTO postings (entry_id, account_id, asset, amount)
            SELECT ${entry}, id, 'USDT', 5 FROM ledger_accounts WHERE owner_user_id IS NULL AND purpose = 'external' AND asset = 'USDT'`,
      );
      await tx.execute(sql.raw(`ALTER TABLE postings ENABLE TRIGGER postings_apply`));
    });
    const caught = await checkThroughNow();
    expect(caught.coverage!.entriesChecked).toBe(1);
    expect(caught.balanced).toBe(false);
  });
});
