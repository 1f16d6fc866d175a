import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { AllocationBook, BookBar } from './allocation.rules.js';

/* Bar allocation's tables (migration 0057, decision 023): read what a pass needs, write what it changed. */

type Q = Db | Tx;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const idList = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

/** A bar's place in the fixed order: listed time to the microsecond, then id. */
const RANK = sql`to_char(added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || id::text`;

interface BarRow {
  id: string;
  rank: string;
  counted: string;
  allocated: string;
  size: string;
}
const toBookBar = (r: BarRow): BookBar => ({
  id: r.id,
  rank: r.rank,
  capacity: BigInt(r.counted),
  allocated: BigInt(r.allocated),
});
const BAR_COLUMNS = sql`id::text, ${RANK} AS rank, allocation_grams::text AS counted, allocated_grams::text AS allocated,
  (CASE WHEN removed_at IS NULL THEN fine_grams ELSE 0 END)::text AS size`;

export interface PassMark {
  at: string;
  entry: string | null;
  nextSeq: bigint;
  allocated: bigint;
  unallocated: bigint;
  computedAt: Date | null;
}

export async function lockMark(tx: Tx): Promise<PassMark> {
  const [m] = rowsOf<{
    at: string;
    entry: string | null;
    next_seq: string;
    allocated: string;
    unallocated: string;
    computed_at: string | null;
  }>(
    await tx.execute(sql`
      SELECT through_at::text AS at, through_entry::text AS entry, next_seq::text, allocated::text,
             unallocated::text, computed_at::text
        FROM bar_allocation_marks WHERE name = 'pass' FOR UPDATE`),
  );
  if (!m) throw new Error('bar_allocation_marks has no pass mark (migration 0057)');
  return {
    at: m.at,
    entry: m.entry,
    nextSeq: BigInt(m.next_seq),
    allocated: BigInt(m.allocated),
    unallocated: BigInt(m.unallocated),
    computedAt: m.computed_at ? new Date(m.computed_at) : null,
  };
}

export async function readMark(db: Q) {
  const [m] = rowsOf<{ allocated: string; unallocated: string; computed_at: Date | string | null }>(
    await db.execute(sql`
      SELECT allocated::text, unallocated::text, computed_at FROM bar_allocation_marks WHERE name = 'pass'`),
  );
  return {
    allocated: BigInt(m?.allocated ?? '0'),
    unallocated: BigInt(m?.unallocated ?? '0'),
    computedAt: m?.computed_at ? new Date(m.computed_at) : null,
  };
}

export async function writeMark(tx: Tx, mark: PassMark) {
  await tx.execute(sql`
    UPDATE bar_allocation_marks SET through_at = ${mark.at}::timestamptz, through_entry = ${mark.entry}::uuid,
           next_seq = ${mark.nextSeq.toString()}::bigint, allocated = ${mark.allocated.toString()}::numeric,
           unallocated = ${mark.unallocated.toString()}::numeric, computed_at = now()
     WHERE name = 'pass'`);
}

/** Bars whose size differs from what the allocation counted, in bar order: `size` is the new one. */
export async function dueBars(tx: Q, limit: number): Promise<(BookBar & { size: bigint })[]> {
  const rows = rowsOf<BarRow>(
    await tx.execute(sql`
      SELECT ${BAR_COLUMNS} FROM vault_bars
       WHERE allocation_grams <> CASE WHEN removed_at IS NULL THEN fine_grams ELSE 0 END
       ORDER BY added_at, id LIMIT ${limit}`),
  );
  return rows.map((r) => ({ ...toBookBar(r), size: BigInt(r.size) }));
}

/** Bars with free room, in bar order, after `afterRank` (a page of them). */
export async function roomBars(tx: Q, afterRank: string | null, limit: number): Promise<BookBar[]> {
  const [at, id] = afterRank ? afterRank.split('|') : [null, null];
  const after = at ? sql`AND (added_at, id) > (${at}::timestamptz, ${id}::uuid)` : sql``;
  return rowsOf<BarRow>(
    await tx.execute(sql`
      SELECT ${BAR_COLUMNS} FROM vault_bars WHERE allocated_grams < allocation_grams ${after}
       ORDER BY added_at, id LIMIT ${limit}`),
  ).map(toBookBar);
}

export async function barsByIds(tx: Q, ids: readonly string[]): Promise<BookBar[]> {
  if (ids.length === 0) return [];
  return rowsOf<BarRow>(
    await tx.execute(sql`SELECT ${BAR_COLUMNS} FROM vault_bars WHERE id = ANY(${idList(ids)})`),
  ).map(toBookBar);
}

/** The holders with grams on these bars. */
export async function holdersOnBars(tx: Q, barIds: readonly string[]): Promise<string[]> {
  if (barIds.length === 0) return [];
  return rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      SELECT DISTINCT user_id::text FROM bar_allocations WHERE bar_id = ANY(${idList(barIds)})`),
  ).map((r) => r.user_id);
}

/** The longest waiting holders (a page of them). */
export async function waitingHolders(tx: Q, limit: number): Promise<string[]> {
  return rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      SELECT user_id::text FROM bar_allocation_waiting ORDER BY since, user_id LIMIT ${limit}`),
  ).map((r) => r.user_id);
}

/** Loads every row and remainder of these holders, and the bars their rows name, into the book. */
export async function loadHolders(tx: Q, book: AllocationBook, holders: readonly string[]) {
  const fresh = holders.filter((h) => !book.rows.has(h));
  if (fresh.length === 0) return;
  const rows = rowsOf<{ user_id: string; bar_id: string; grams: string; seq: string }>(
    await tx.execute(sql`
      SELECT user_id::text, bar_id::text, grams::text, seq::text FROM bar_allocations
       WHERE user_id = ANY(${idList(fresh)})`),
  );
  const waiting = rowsOf<{ user_id: string; grams: string; since: string }>(
    await tx.execute(sql`
      SELECT user_id::text, grams::text, since::text FROM bar_allocation_waiting
       WHERE user_id = ANY(${idList(fresh)})`),
  );
  const missing = [...new Set(rows.map((r) => r.bar_id))].filter((id) => !book.bars.has(id));
  for (const bar of await barsByIds(tx, missing)) book.addBar(bar);
  for (const h of fresh) book.rows.set(h, new Map());
  for (const r of rows) book.addRow(r.user_id, r.bar_id, { grams: BigInt(r.grams), seq: BigInt(r.seq) });
  for (const w of waiting) book.addWaiting(w.user_id, { grams: BigInt(w.grams), since: BigInt(w.since) });
}

/** Writes back what the book changed: rows, remainders and bars. */
export async function writeBook(tx: Tx, book: AllocationBook) {
  const upRows: { a: string; b: string; g: string; s: string }[] = [];
  const goneRows: { a: string; b: string }[] = [];
  for (const key of book.changedRows) {
    const [a, b] = key.split('|') as [string, string];
    const row = book.rows.get(a)?.get(b);
    if (row && row.grams > 0n) upRows.push({ a, b, g: row.grams.toString(), s: row.seq.toString() });
    else goneRows.push({ a, b });
  }
  const upWaiting: { a: string; g: string; s: string }[] = [];
  const goneWaiting: string[] = [];
  for (const a of book.changedWaiting) {
    const w = book.waiting.get(a);
    if (w && w.grams > 0n) upWaiting.push({ a, g: w.grams.toString(), s: w.since.toString() });
    else goneWaiting.push(a);
  }
  const bars = [...book.changedBars].map((id) => {
    const bar = book.bars.get(id)!;
    return { id, c: bar.capacity.toString(), n: bar.allocated.toString() };
  });
  if (goneRows.length)
    await tx.execute(sql`
      DELETE FROM bar_allocations t USING json_to_recordset(${JSON.stringify(goneRows)}::json) AS x(a uuid, b uuid)
       WHERE t.user_id = x.a AND t.bar_id = x.b`);
  if (upRows.length)
    await tx.execute(sql`
      INSERT INTO bar_allocations (user_id, bar_id, grams, seq)
      SELECT a, b, g, s FROM json_to_recordset(${JSON.stringify(upRows)}::json) AS x(a uuid, b uuid, g numeric, s bigint)
      ON CONFLICT (user_id, bar_id) DO UPDATE SET grams = excluded.grams, seq = excluded.seq`);
  if (goneWaiting.length)
    await tx.execute(sql`DELETE FROM bar_allocation_waiting WHERE user_id = ANY(${idList(goneWaiting)})`);
  if (upWaiting.length)
    await tx.execute(sql`
      INSERT INTO bar_allocation_waiting (user_id, grams, since)
      SELECT a, g, s FROM json_to_recordset(${JSON.stringify(upWaiting)}::json) AS x(a uuid, g numeric, s bigint)
      ON CONFLICT (user_id) DO UPDATE SET grams = excluded.grams, since = excluded.since`);
  if (bars.length)
    await tx.execute(sql`
      UPDATE vault_bars v SET allocation_grams = x.c, allocated_grams = x.n
        FROM json_to_recordset(${JSON.stringify(bars)}::json) AS x(id uuid, c numeric, n numeric)
       WHERE v.id = x.id`);
}

/** Is any grams waiting, and any bar with room? (Two index probes.) */
export async function roomAndWaiting(tx: Q) {
  const [r] = rowsOf<{ room: boolean; waiting: boolean }>(
    await tx.execute(sql`
      SELECT EXISTS (SELECT 1 FROM vault_bars WHERE allocated_grams < allocation_grams) AS room,
             EXISTS (SELECT 1 FROM bar_allocation_waiting) AS waiting`),
  );
  return { room: r?.room === true, waiting: r?.waiting === true };
}

/** A customer's bars, a page in bar order from the cursor: their grams on each, summed over their accounts. */
export async function barsOfAccounts(
  db: Q,
  accountIds: readonly string[],
  cursor: { at: string; id: string } | undefined,
  limit: number,
) {
  if (accountIds.length === 0) return [];
  const after = cursor ? sql`AND (v.added_at, v.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;
  return rowsOf<{
    id: string;
    serial: string;
    refinery: string;
    fine_grams: string;
    key: string;
    grams: string;
  }>(
    await db.execute(sql`
      SELECT v.id::text, v.serial, v.refinery, v.fine_grams::text,
             to_char(v.added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS key, sum(a.grams)::text AS grams
        FROM bar_allocations a JOIN vault_bars v ON v.id = a.bar_id
       WHERE a.user_id = ANY(${idList(accountIds)}) ${after}
       GROUP BY v.id ORDER BY v.added_at, v.id LIMIT ${limit}`),
  );
}

export async function waitingOfAccounts(db: Q, accountIds: readonly string[]): Promise<bigint> {
  if (accountIds.length === 0) return 0n;
  const [r] = rowsOf<{ grams: string | null }>(
    await db.execute(sql`
      SELECT sum(grams)::text AS grams FROM bar_allocation_waiting WHERE user_id = ANY(${idList(accountIds)})`),
  );
  return BigInt(r?.grams ?? '0');
}

/** Every row and remainder: the whole allocation, for tests and audits, never a request. */
export async function wholeAllocation(db: Q) {
  const rows = rowsOf<{ user_id: string; grams: string }>(
    await db.execute(sql`
      SELECT user_id::text, sum(grams)::text AS grams FROM (
        SELECT user_id, grams FROM bar_allocations UNION ALL SELECT user_id, grams FROM bar_allocation_waiting) x
       GROUP BY user_id`),
  );
  return new Map(rows.map((r) => [r.user_id, BigInt(r.grams)]));
}
