import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CursorKey } from '@qmgt/contracts';
import { keyText, newerThan } from '../../lib/keyset.js';
import type { Db } from '../../db/client.js';
import { reserveSnapshots, vaultBars } from './reserves.schema.js';

export type VaultBarRow = typeof vaultBars.$inferSelect;
export type SnapshotRow = typeof reserveSnapshots.$inferSelect;

/** A page of the bars in the vault now, in the order they were added (decision 017). */
export async function activeBarsPage(db: Db, cursor: CursorKey | undefined, limit: number) {
  return db
    .select({ bar: vaultBars, key: keyText(vaultBars.addedAt) })
    .from(vaultBars)
    .where(and(isNull(vaultBars.removedAt), newerThan(vaultBars.addedAt, vaultBars.id, cursor)))
    .orderBy(asc(vaultBars.addedAt), asc(vaultBars.id))
    .limit(limit);
}

/** The vault's fine grams and bar count: one aggregate, no rows carried. */
export async function vaultTotals(db: Db) {
  const [row] = await db
    .select({ grams: sql<string>`coalesce(sum(${vaultBars.fineGrams}), 0)::text`, bars: count() })
    .from(vaultBars)
    .where(isNull(vaultBars.removedAt));
  return { grams: BigInt(row?.grams ?? '0'), bars: row?.bars ?? 0 };
}

export async function barById(db: Db, id: string): Promise<VaultBarRow | undefined> {
  const [row] = await db
    .select()
    .from(vaultBars)
    .where(and(eq(vaultBars.id, id), isNull(vaultBars.removedAt)));
  return row;
}

export async function insertBar(db: Db, bar: { serial: string; refinery: string; fineGrams: string }) {
  const [row] = await db.insert(vaultBars).values(bar).returning();
  return row!;
}

export async function updateBar(db: Db, id: string, bar: { serial: string; refinery: string; fineGrams: string }) {
  const [row] = await db
    .update(vaultBars)
    .set({ ...bar, updatedAt: new Date() })
    .where(and(eq(vaultBars.id, id), isNull(vaultBars.removedAt)))
    .returning();
  return row;
}

export async function withdrawBar(db: Db, id: string) {
  const [row] = await db
    .update(vaultBars)
    .set({ removedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(vaultBars.id, id), isNull(vaultBars.removedAt)))
    .returning();
  return row;
}

export async function insertSnapshot(db: Db, snapshot: typeof reserveSnapshots.$inferInsert): Promise<SnapshotRow> {
  const [row] = await db.insert(reserveSnapshots).values(snapshot).returning();
  return row!;
}

export async function latestSnapshot(db: Db): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(reserveSnapshots).orderBy(desc(reserveSnapshots.id)).limit(1);
  return row;
}
