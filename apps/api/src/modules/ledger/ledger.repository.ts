import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Asset } from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { journalEntries, ledgerAccounts, postings } from './ledger.schema.js';
import type { AccountRef } from './ledger.rules.js';

type Queryable = Db | Tx;

/** The account's id, opening it (at zero) the first time it is needed. */
export async function ensureAccount(tx: Queryable, ref: AccountRef, asset: Asset): Promise<string> {
  const ownerUserId = 'userId' in ref ? ref.userId : null;
  const purpose = 'userId' in ref ? ref.purpose : ref.platform;
  const where = and(
    ownerUserId ? eq(ledgerAccounts.ownerUserId, ownerUserId) : isNull(ledgerAccounts.ownerUserId),
    eq(ledgerAccounts.asset, asset),
    eq(ledgerAccounts.purpose, purpose),
  );
  const [existing] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (existing) return existing.id;
  await tx.insert(ledgerAccounts).values({ ownerUserId, asset, purpose }).onConflictDoNothing();
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (!created) throw new Error('account vanished after insert');
  return created.id;
}

export async function insertEntry(
  tx: Tx,
  entry: { type: string; memo: string | null },
  lines: { accountId: string; asset: Asset; amount: bigint }[],
): Promise<string> {
  const [row] = await tx.insert(journalEntries).values(entry).returning({ id: journalEntries.id });
  if (!row) throw new Error('insert returned no row');
  await tx
    .insert(postings)
    .values(
      lines.map((l) => ({ entryId: row.id, accountId: l.accountId, asset: l.asset, amount: l.amount.toString() })),
    );
  return row.id;
}

export async function customerBalances(db: Queryable, userId: string) {
  return db
    .select({ asset: ledgerAccounts.asset, purpose: ledgerAccounts.purpose, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerUserId, userId));
}

/**
 * What the ledger has issued of an asset and holders hold: every account but the issuer
 * (treasury, gold_vault), the world outside (external) and rewards, which are promises until
 * claimed (the rewards pool and customers' rewards accounts). For QMGT this is what the chain's
 * supply must equal. Platform balances are derived from postings (decision 004).
 */
export async function issuedSupply(db: Queryable, asset: Asset): Promise<bigint> {
  const result = await db.execute<{ issued: string | null }>(sql`
    SELECT coalesce(sum(p.amount), 0)::text AS issued FROM postings p
      JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.asset = ${asset}
       AND a.purpose NOT IN ('treasury', 'gold_vault', 'external', 'rewards_pool', 'rewards')`);
  return BigInt((result as unknown as { rows: { issued: string | null }[] }).rows[0]?.issued ?? '0');
}

/** QMGT units of referral rewards not yet claimed (promises: minted when claimed). */
export async function rewardsOwed(db: Queryable): Promise<bigint> {
  const result = await db.execute<{ owed: string | null }>(sql`
    SELECT coalesce(sum(balance), 0)::text AS owed FROM ledger_accounts
     WHERE owner_user_id IS NOT NULL AND asset = 'QMGT' AND purpose = 'rewards'`);
  return BigInt((result as unknown as { rows: { owed: string | null }[] }).rows[0]?.owed ?? '0');
}

/** Every customer's holding of one asset over their accounts, rewards (promises until claimed) aside. */
export async function customerHoldings(db: Queryable, asset: Asset): Promise<Map<string, bigint>> {
  const result = await db.execute<{ owner: string; total: string }>(sql`
    SELECT owner_user_id AS owner, sum(balance)::text AS total FROM ledger_accounts
     WHERE owner_user_id IS NOT NULL AND asset = ${asset} AND purpose <> 'rewards' GROUP BY owner_user_id`);
  const rows = (result as unknown as { rows: { owner: string; total: string }[] }).rows;
  return new Map(rows.map((r) => [r.owner, BigInt(r.total)]));
}

/** The three ledger checks of DESIGN.md section 4, each as one query over the whole ledger. */
export async function ledgerCheck(db: Queryable) {
  const unbalanced = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM (
      SELECT entry_id FROM postings GROUP BY entry_id, asset HAVING sum(amount) <> 0
    ) x`);
  const negative = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ledger_accounts WHERE owner_user_id IS NOT NULL AND balance < 0`);
  const drifted = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, sum(amount) AS total FROM postings GROUP BY account_id) p ON p.account_id = a.id
    WHERE a.owner_user_id IS NOT NULL AND a.balance <> coalesce(p.total, 0)`);
  const entries = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM journal_entries`);
  const first = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return { unbalanced: first(unbalanced), negative: first(negative), drifted: first(drifted), entries: first(entries) };
}

/** One customer account's movements in [from, to), with its balance before `from`. */
export async function accountMovements(
  db: Queryable,
  account: { userId: string; asset: Asset; purpose: string },
  from: Date,
  to: Date,
) {
  const opening = await db.execute<{ total: string }>(sql`
    SELECT coalesce(sum(p.amount), 0)::text AS total FROM postings p
      JOIN ledger_accounts a ON a.id = p.account_id
      JOIN journal_entries e ON e.id = p.entry_id
     WHERE a.owner_user_id = ${account.userId} AND a.asset = ${account.asset}
       AND a.purpose = ${account.purpose}::account_purpose AND e.created_at < ${from.toISOString()}::timestamptz`);
  const movements = await db.execute<{
    entry_id: string;
    type: string;
    memo: string | null;
    amount: string;
    at: string;
  }>(sql`
    SELECT p.entry_id, e.type, e.memo, p.amount::text AS amount, e.created_at AS at FROM postings p
      JOIN ledger_accounts a ON a.id = p.account_id
      JOIN journal_entries e ON e.id = p.entry_id
     WHERE a.owner_user_id = ${account.userId} AND a.asset = ${account.asset}
       AND a.purpose = ${account.purpose}::account_purpose
       AND e.created_at >= ${from.toISOString()}::timestamptz AND e.created_at < ${to.toISOString()}::timestamptz
     ORDER BY e.created_at, e.id`);
  const rows = (
    movements as unknown as {
      rows: { entry_id: string; type: string; memo: string | null; amount: string; at: string | Date }[];
    }
  ).rows;
  return {
    opening: BigInt((opening as unknown as { rows: { total: string }[] }).rows[0]?.total ?? '0'),
    movements: rows.map((r) => ({
      entryId: r.entry_id,
      entryType: r.type,
      memo: r.memo,
      amount: BigInt(r.amount),
      at: new Date(r.at),
    })),
  };
}
