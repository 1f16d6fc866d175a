import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Asset } from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema.js';
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
    WHERE a.balance <> coalesce(p.total, 0)`);
  const entries = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM journal_entries`);
  const first = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return { unbalanced: first(unbalanced), negative: first(negative), drifted: first(drifted), entries: first(entries) };
}
