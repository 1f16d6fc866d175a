import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reserveSnapshots, vaultBars } from './reserves.schema.js';

export type VaultBarRow = typeof vaultBars.$inferSelect;
export type SnapshotRow = typeof reserveSnapshots.$inferSelect;

/** The bars in the vault now, in the order they were added. */
export async function activeBars(db: Db): Promise<VaultBarRow[]> {
  return db
    .select()
    .from(vaultBars)
    .where(isNull(vaultBars.removedAt))
    .orderBy(asc(vaultBars.addedAt), asc(vaultBars.id));
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
