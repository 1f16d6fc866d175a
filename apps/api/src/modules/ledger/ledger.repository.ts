import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Asset } from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import { journalEntries, ledgerAccounts, postings } from './ledger.schema.js';
import { NOT_ISSUED_PURPOSES, type AccountRef } from './ledger.rules.js';
import { keyText } from '../../lib/keyset.js';

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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The running totals of an asset's postings per purpose (ledger_totals, kept by the postings
 * trigger in per-transaction shards): a few rows by primary key, whatever the ledger's size.
 */
export async function assetTotals(db: Queryable, asset: Asset): Promise<Map<string, bigint>> {
  const result = await db.execute(sql`
    SELECT purpose::text AS purpose, sum(total)::text AS total FROM ledger_totals WHERE asset = ${asset} GROUP BY purpose`);
  return new Map(rowsOf<{ purpose: string; total: string }>(result).map((r) => [r.purpose, BigInt(r.total)]));
}

/** Some customers' holdings of one asset over their accounts, rewards (promises until claimed) aside. */
export async function customerHoldingsOf(
  db: Queryable,
  asset: Asset,
  userIds: readonly string[],
): Promise<Map<string, bigint>> {
  if (userIds.length === 0) return new Map();
  // The unique (owner_user_id, asset, purpose) index finds them.
  const result = await db.execute(sql`
    SELECT owner_user_id::text AS owner, sum(balance)::text AS total FROM ledger_accounts
     WHERE owner_user_id = ANY(string_to_array(${userIds.join(',')}, ',')::uuid[])
       AND asset = ${asset} AND purpose <> 'rewards'
     GROUP BY owner_user_id`);
  return new Map(rowsOf<{ owner: string; total: string }>(result).map((r) => [r.owner, BigInt(r.total)]));
}

/** Problems found by a ledger check, by id; checked again on every pass until they are gone. */
export interface LedgerFindings {
  unbalancedEntries: string[];
  driftedAccounts: string[];
  negativeAccounts: string[];
}

const split = (text: string | null | undefined) => (text ? text.split(',') : []);

/** Entries among `entryIds` that do not sum to zero per asset or have fewer than two postings. */
async function unbalancedAmong(db: Queryable, entryIds: readonly string[]): Promise<string[]> {
  if (entryIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT string_agg(e.id::text, ',') AS ids FROM journal_entries e
     WHERE e.id = ANY(string_to_array(${entryIds.join(',')}, ',')::uuid[])
       AND ((SELECT count(*) FROM postings p WHERE p.entry_id = e.id) < 2
            OR EXISTS (SELECT 1 FROM postings p WHERE p.entry_id = e.id GROUP BY p.asset HAVING sum(p.amount) <> 0))`);
  return split(rowsOf<{ ids: string | null }>(result)[0]?.ids);
}

/**
 * The customer accounts the given entries posted to (and `alsoAccounts`): each one's balance
 * against the sum of its postings, and whether it is below zero. One statement, so the
 * balances and the postings are read at one instant.
 */
async function accountsAmong(db: Queryable, entryIds: readonly string[], alsoAccounts: readonly string[]) {
  const result = await db.execute(sql`
    WITH touched AS (
      SELECT p.account_id AS id FROM postings p
       WHERE p.entry_id = ANY(string_to_array(${entryIds.join(',')}, ',')::uuid[])
      UNION
      SELECT unnest(string_to_array(${alsoAccounts.join(',')}, ',')::uuid[])
    ), checked AS (
      SELECT a.id, a.balance,
             (SELECT coalesce(sum(p.amount), 0) FROM postings p WHERE p.account_id = a.id) AS posted
        FROM ledger_accounts a JOIN touched t ON t.id = a.id
       WHERE a.owner_user_id IS NOT NULL
    )
    SELECT count(*)::int AS accounts,
           string_agg(id::text, ',') FILTER (WHERE balance <> posted) AS drifted,
           string_agg(id::text, ',') FILTER (WHERE balance < 0) AS negative
      FROM checked`);
  const row = rowsOf<{ accounts: number; drifted: string | null; negative: string | null }>(result)[0];
  return { accounts: Number(row?.accounts ?? 0), drifted: split(row?.drifted), negative: split(row?.negative) };
}

/** Entries one page of the incremental check takes at most (a page is one transaction). */
export const CHECK_PAGE_ENTRIES = 250;
/**
 * How far behind the present the incremental check stays. An entry's created_at is taken in
 * its transaction (now() or clock_timestamp()), before it commits; the check goes no further
 * than the start of the oldest transaction still open, and this margin more for a transaction
 * that has begun but is not shown in pg_stat_activity yet. Entries it leaves are the next pass's.
 */
const CHECK_LAG = '1 second';

/**
 * The incremental ledger check (decision 013): the entries created since its stored mark (at
 * most `pageEntries`), the customer accounts they posted to, and what the passes before found.
 * Entries sum to zero, touched customers are not below zero, touched balances equal their
 * postings. The mark row is locked for the pass, so two checks at once take turns.
 */
export async function incrementalCheck(tx: Tx, pageEntries = CHECK_PAGE_ENTRIES) {
  const [mark] = rowsOf<{
    through_at: string;
    through_entry: string | null;
    entries: string;
    findings: LedgerFindings;
  }>(
    await tx.execute(sql`
      SELECT through_at::text, through_entry::text, entries::text, findings FROM ledger_check_marks
       WHERE name = 'incremental' FOR UPDATE`),
  );
  if (!mark) throw new Error('ledger_check_marks has no incremental mark (migration 0030)');
  const [{ bound } = { bound: '' }] = rowsOf<{ bound: string }>(
    await tx.execute(sql`
      SELECT least(clock_timestamp() - ${CHECK_LAG}::interval,
                   (SELECT min(xact_start) FROM pg_stat_activity
                     WHERE datname = current_database() AND pid <> pg_backend_pid()))::text AS bound`),
  );
  // Keyed by (created_at, id) through journal_entries_created_idx, from the mark to the bound.
  // ORDER BY qualified: a bare `id` would sort by the text column of that name in the select list.
  const after = mark.through_entry
    ? sql`(created_at > ${mark.through_at}::timestamptz OR (created_at = ${mark.through_at}::timestamptz AND id > ${mark.through_entry}::uuid))`
    : sql`created_at >= ${mark.through_at}::timestamptz`;
  const window = rowsOf<{ id: string; at: string }>(
    await tx.execute(sql`
      SELECT id::text, created_at::text AS at FROM journal_entries
       WHERE ${after} AND created_at < ${bound}::timestamptz
       ORDER BY journal_entries.created_at, journal_entries.id LIMIT ${pageEntries}`),
  );
  const entryIds = window.map((e) => e.id);
  const previous: LedgerFindings = {
    unbalancedEntries: mark.findings.unbalancedEntries ?? [],
    driftedAccounts: mark.findings.driftedAccounts ?? [],
    negativeAccounts: mark.findings.negativeAccounts ?? [],
  };
  const unbalanced = await unbalancedAmong(tx, [...new Set([...entryIds, ...previous.unbalancedEntries])]);
  const accounts = await accountsAmong(tx, entryIds, [
    ...new Set([...previous.driftedAccounts, ...previous.negativeAccounts]),
  ]);
  const findings: LedgerFindings = {
    unbalancedEntries: unbalanced,
    driftedAccounts: accounts.drifted,
    negativeAccounts: accounts.negative,
  };
  const full = window.length >= pageEntries;
  const last = window[window.length - 1];
  // A full page ends at its last entry; a page that reached the bound covers everything before
  // it (never moving back: the bound is earlier than the mark while an old transaction is open).
  const [updated] = rowsOf<{ through_at: string; entries: string }>(
    await tx.execute(sql`
      UPDATE ledger_check_marks SET
        through_at = CASE WHEN ${full} THEN ${last?.at ?? null}::timestamptz
                          ELSE greatest(through_at, ${bound}::timestamptz) END,
        through_entry = CASE WHEN ${full} THEN ${last?.id ?? null}::uuid
                             WHEN ${bound}::timestamptz > through_at THEN NULL ELSE through_entry END,
        entries = entries + ${window.length},
        findings = ${JSON.stringify(findings)}::jsonb,
        checked_at = now()
      WHERE name = 'incremental'
      RETURNING through_at::text, entries::text`),
  );
  return {
    findings,
    entriesChecked: window.length,
    accountsChecked: accounts.accounts,
    entries: BigInt(updated!.entries),
    through: new Date(updated!.through_at),
    caughtUp: !full,
  };
}

/**
 * The full audit, for a nightly job: the three checks over the whole ledger, and the running
 * totals against the sum of every posting. Reads every posting: never on a request.
 */
export async function fullAudit(db: Queryable) {
  const first = (result: unknown) => Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  const unbalanced = await db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT entry_id FROM postings GROUP BY entry_id, asset HAVING sum(amount) <> 0
      UNION
      SELECT e.id FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id GROUP BY e.id HAVING count(p.id) < 2
    ) x`);
  const negative = await db.execute(sql`
    SELECT count(*)::int AS n FROM ledger_accounts WHERE owner_user_id IS NOT NULL AND balance < 0`);
  const drifted = await db.execute(sql`
    SELECT count(*)::int AS n FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, sum(amount) AS total FROM postings GROUP BY account_id) p ON p.account_id = a.id
    WHERE a.owner_user_id IS NOT NULL AND a.balance <> coalesce(p.total, 0)`);
  // One statement: the totals and the postings at one instant.
  const totalsOff = await db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT a.asset, a.purpose, sum(p.amount) AS posted FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
       GROUP BY a.asset, a.purpose
    ) s FULL JOIN (SELECT asset, purpose, sum(total) AS total FROM ledger_totals GROUP BY asset, purpose) t
      ON t.asset = s.asset AND t.purpose = s.purpose
     WHERE coalesce(s.posted, 0) <> coalesce(t.total, 0)`);
  const entries = await db.execute(sql`SELECT count(*)::int AS n FROM journal_entries`);
  return {
    unbalanced: first(unbalanced),
    negative: first(negative),
    drifted: first(drifted),
    totalsOff: first(totalsOff),
    entries: first(entries),
  };
}

/**
 * One page of a customer account's movements for a statement: the newest `limit` in
 * [from, to) before `before` (an entry's (created_at, id), exclusive), newest first, and the
 * balance right after the newest of them. That balance comes from the stored balance
 * (ledger_accounts.balance) less what was posted after the page, so the cost follows the page
 * and what is newer than it, never the history before it (the opening is the closing less the
 * page). One statement: the page and the balance are of one snapshot.
 */
export async function accountStatementPage(
  db: Queryable,
  account: { userId: string; asset: Asset; purpose: string },
  window: { from: Date; to: Date; before?: { at: string; id: string } | undefined },
  limit: number,
) {
  // The upper bound: the cursor when it is inside the window, else the window's end.
  const before =
    window.before && Date.parse(window.before.at) < window.to.getTime()
      ? window.before
      : { at: window.to.toISOString(), id: '00000000-0000-0000-0000-000000000000' };
  const result = await db.execute(sql`
    WITH acct AS (
      SELECT a.id, a.balance FROM ledger_accounts a
       WHERE a.owner_user_id = ${account.userId} AND a.asset = ${account.asset}
         AND a.purpose = ${account.purpose}::account_purpose),
    page AS (
      SELECT p.entry_id, e.type, e.memo, p.amount, e.created_at AS at,
             ${keyText(sql`e.created_at`)} AS key
        FROM acct JOIN postings p ON p.account_id = acct.id JOIN journal_entries e ON e.id = p.entry_id
       WHERE e.created_at >= ${window.from.toISOString()}::timestamptz
         AND (e.created_at, e.id) < (${before.at}::timestamptz, ${before.id}::uuid)
       ORDER BY e.created_at DESC, e.id DESC
       LIMIT ${limit}),
    closing AS (
      SELECT acct.balance - coalesce((SELECT sum(p.amount) FROM postings p JOIN journal_entries e ON e.id = p.entry_id
                                       WHERE p.account_id = acct.id
                                         AND (e.created_at, e.id) >= (${before.at}::timestamptz, ${before.id}::uuid)), 0)
             AS balance
        FROM acct)
    SELECT c.balance::text AS closing, page.entry_id, page.type, page.memo, page.amount::text AS amount, page.at, page.key
      FROM closing c LEFT JOIN page ON true
     ORDER BY page.at DESC, page.entry_id DESC`);
  const rows = (
    result as unknown as {
      rows: {
        closing: string;
        entry_id: string | null;
        type: string;
        memo: string | null;
        amount: string;
        at: string | Date;
        key: string;
      }[];
    }
  ).rows;
  return {
    closing: BigInt(rows[0]?.closing ?? '0'),
    movements: rows
      .filter((r) => r.entry_id !== null)
      .map((r) => ({
        entryId: r.entry_id!,
        entryType: r.type,
        memo: r.memo,
        amount: BigInt(r.amount),
        at: new Date(r.at),
        key: r.key,
      })),
  };
}

/** One ledger entry that touched a customer's accounts, as the annual statement folds it. */
export interface HoldingEntry {
  entryId: string;
  /** created_at as the cursor's text (UTC, microseconds). */
  key: string;
  entryType: string;
  /** Net per (asset, place) over the customer's own accounts. */
  own: { asset: Asset; purpose: string; amount: bigint }[];
  /** Net per money asset over the platform's accounts other than `external` (what the customer paid or got). */
  platformMoney: { asset: Asset; amount: bigint }[];
}

/**
 * The entries that touched a customer's accounts, oldest first, strictly after `after` (an
 * entry's (created_at, id)) and before `before`, `limit` of them. The customer's accounts are
 * found by the unique (owner, asset, purpose) index and their postings by postings_account_idx,
 * so a page costs the customer's own postings, never anyone else's.
 */
export async function holdingEntriesPage(
  db: Queryable,
  userId: string,
  window: { after?: { at: string; id: string } | undefined; before: Date },
  limit: number,
): Promise<HoldingEntry[]> {
  const after = window.after ?? { at: '1970-01-01T00:00:00Z', id: '00000000-0000-0000-0000-000000000000' };
  const result = await db.execute(sql`
    WITH accts AS (SELECT id FROM ledger_accounts WHERE owner_user_id = ${userId}),
    page AS (
      SELECT e.id, e.created_at, e.type FROM journal_entries e
       WHERE e.id IN (SELECT p.entry_id FROM postings p WHERE p.account_id IN (SELECT id FROM accts))
         AND e.created_at < ${window.before.toISOString()}::timestamptz
         AND (e.created_at, e.id) > (${after.at}::timestamptz, ${after.id}::uuid)
       ORDER BY e.created_at, e.id
       LIMIT ${limit})
    SELECT page.id::text AS entry_id, ${keyText(sql`page.created_at`)} AS key, page.type AS entry_type,
           a.asset::text AS asset, CASE WHEN a.owner_user_id IS NULL THEN NULL ELSE a.purpose::text END AS purpose,
           sum(p.amount)::text AS amount
      FROM page JOIN postings p ON p.entry_id = page.id JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.owner_user_id = ${userId}
        OR (a.owner_user_id IS NULL AND a.purpose <> 'external' AND a.asset IN ('USDT', 'USD', 'USDAU'))
     GROUP BY page.id, page.created_at, page.type, a.asset, 5
     ORDER BY page.created_at, page.id`);
  const entries: HoldingEntry[] = [];
  for (const row of rowsOf<{
    entry_id: string;
    key: string;
    entry_type: string;
    asset: Asset;
    purpose: string | null;
    amount: string;
  }>(result)) {
    let entry = entries[entries.length - 1];
    if (entry?.entryId !== row.entry_id) {
      entry = { entryId: row.entry_id, key: row.key, entryType: row.entry_type, own: [], platformMoney: [] };
      entries.push(entry);
    }
    const amount = BigInt(row.amount);
    if (row.purpose === null) entry.platformMoney.push({ asset: row.asset, amount });
    else entry.own.push({ asset: row.asset, purpose: row.purpose, amount });
  }
  return entries;
}

/** Where a reader of the ledger's entries has come to: every entry up to (at, entry) is read. */
export interface EntryMark {
  at: string;
  entry: string | null;
}

/**
 * The gold the platform owes, as it changed (decision 023): the entries after `mark` (at most
 * `pageEntries`, by (created_at, id), up to a bound no open transaction can still write
 * before, as the incremental check), and the customers' gold accounts they posted to, with
 * the customers owning them with their gold owed now (every gold account but rewards, which are
 * promises), all read in one statement (one snapshot).
 */
export async function goldLiabilityChanges(db: Queryable, mark: EntryMark, pageEntries: number) {
  const after = mark.entry
    ? sql`(e.created_at > ${mark.at}::timestamptz OR (e.created_at = ${mark.at}::timestamptz AND e.id > ${mark.entry}::uuid))`
    : sql`e.created_at >= ${mark.at}::timestamptz`;
  const [row] = rowsOf<{
    issued: string;
    bound: string | null;
    entries: string;
    last_at: string | null;
    last_entry: string | null;
    accounts: { id: string; balance: string }[];
  }>(
    await db.execute(sql`
      WITH b AS (
        SELECT least(clock_timestamp() - ${CHECK_LAG}::interval,
                     (SELECT min(xact_start) FROM pg_stat_activity
                       WHERE datname = current_database() AND pid <> pg_backend_pid())) AS bound),
      w AS (
        SELECT e.id, e.created_at FROM journal_entries e, b
         WHERE ${after} AND e.created_at < b.bound
         ORDER BY e.created_at, e.id LIMIT ${pageEntries}),
      touched AS (
        SELECT DISTINCT a.owner_user_id AS owner FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
         WHERE p.entry_id IN (SELECT id FROM w) AND a.asset = 'GOLD'
           AND a.owner_user_id IS NOT NULL AND a.purpose <> 'rewards'),
      held AS (
        SELECT t.owner, sum(a.balance) AS balance FROM touched t
          JOIN ledger_accounts a ON a.owner_user_id = t.owner AND a.asset = 'GOLD' AND a.purpose <> 'rewards'
         GROUP BY t.owner)
      SELECT (SELECT coalesce(sum(total), 0)::text FROM ledger_totals
                WHERE asset = 'GOLD' AND NOT (purpose::text = ANY(string_to_array(${NOT_ISSUED_PURPOSES.join(',')}, ',')))) AS issued,
             (SELECT CASE WHEN bound > ${mark.at}::timestamptz THEN bound::text END FROM b) AS bound,
             (SELECT count(*) FROM w)::text AS entries,
             (SELECT created_at::text FROM w ORDER BY created_at DESC, id DESC LIMIT 1) AS last_at,
             (SELECT id::text FROM w ORDER BY created_at DESC, id DESC LIMIT 1) AS last_entry,
             (SELECT coalesce(json_agg(json_build_object('id', owner, 'balance', balance::text) ORDER BY owner), '[]'::json)
                FROM held) AS accounts`),
  );
  const entries = Number(row!.entries);
  const full = entries >= pageEntries;
  // A full page ends at its last entry; one that reached the bound covers everything before it
  // (never moving back: the bound is earlier than the mark while an old transaction is open).
  const next: EntryMark = full
    ? { at: row!.last_at!, entry: row!.last_entry }
    : row!.bound !== null
      ? { at: row!.bound, entry: null }
      : mark;
  return {
    accounts: row!.accounts.map((a) => ({ id: a.id, balance: BigInt(a.balance) })),
    /** The gold the ledger has issued, in the same snapshot (what the proof of reserves counts as ledgerGold). */
    issued: BigInt(row!.issued),
    entries,
    caughtUp: !full,
    next,
  };
}

/** Every customer's gold owed (rewards aside): the whole ledger, for tests and a nightly audit. */
export async function goldLiabilityBalances(db: Queryable): Promise<Map<string, bigint>> {
  const result = await db.execute(sql`
    SELECT owner_user_id::text AS id, sum(balance)::text AS balance FROM ledger_accounts
     WHERE owner_user_id IS NOT NULL AND asset = 'GOLD' AND purpose <> 'rewards'
     GROUP BY owner_user_id HAVING sum(balance) <> 0`);
  return new Map(rowsOf<{ id: string; balance: string }>(result).map((r) => [r.id, BigInt(r.balance)]));
}
