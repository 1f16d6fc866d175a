import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { CursorKey } from '@qmgt/contracts';
import { keyText, olderThan } from '../../lib/keyset.js';
import type { Db } from '../../db/client.js';
import { giftQuotes, gifts } from './gifts.schema.js';

export type GiftRow = typeof gifts.$inferSelect;
export type GiftQuoteRow = typeof giftQuotes.$inferSelect;

export async function insertQuote(db: Db, values: typeof giftQuotes.$inferInsert): Promise<GiftQuoteRow> {
  const [row] = await db.insert(giftQuotes).values(values).returning();
  return row!;
}

export async function giftById(db: Db, id: string): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.id, id));
  return row;
}

/**
 * A customer's gifts, newest first after `cursor`: sent, received, and those waiting for their
 * address. Three range scans of their indexes, merged.
 */
export async function giftsOfPage(
  db: Db,
  user: { id: string; email: string },
  cursor: CursorKey | undefined,
  limit: number,
) {
  const scan = (where: ReturnType<typeof and>) =>
    db
      .select({ row: gifts, key: keyText(gifts.createdAt) })
      .from(gifts)
      .where(and(where, olderThan(gifts.createdAt, gifts.id, cursor)))
      .orderBy(desc(gifts.createdAt), desc(gifts.id))
      .limit(limit);
  const parts = await Promise.all([
    scan(eq(gifts.senderId, user.id)),
    scan(eq(gifts.recipientId, user.id)),
    scan(and(eq(gifts.status, 'waiting'), eq(gifts.invitedEmail, user.email))),
  ]);
  const seen = new Set<string>();
  return parts
    .flat()
    .filter((r) => (seen.has(r.row.id) ? false : (seen.add(r.row.id), true)))
    .sort((a, b) => (a.key === b.key ? (a.row.id < b.row.id ? 1 : -1) : a.key < b.key ? 1 : -1))
    .slice(0, limit);
}

/** Waiting gifts due to return at `at`, oldest due first: a range of gifts_waiting_expiry_idx. */
export async function dueGifts(db: Db, at: Date, limit: number) {
  return db
    .select({ id: gifts.id, senderId: gifts.senderId })
    .from(gifts)
    .where(and(eq(gifts.status, 'waiting'), lte(gifts.expiresAt, at)))
    .orderBy(asc(gifts.expiresAt))
    .limit(limit);
}

/** Waiting gifts for one address (its owner's claim). */
export async function waitingFor(db: Db, email: string) {
  return db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.status, 'waiting'), eq(gifts.invitedEmail, email)))
    .orderBy(asc(gifts.createdAt));
}

/**
 * Waiting gifts whose address a verified customer now has (sql/gifts_claimable.sql): the
 * claims a missed KYC event left behind.
 */
export async function claimable(db: Db, at: Date, limit: number): Promise<{ giftId: string; userId: string }[]> {
  const result = await db.execute(
    sql`SELECT gift_id, user_id FROM gifts_claimable(${at.toISOString()}::timestamptz, ${limit}::int)`,
  );
  return (result as unknown as { rows: { gift_id: string; user_id: string }[] }).rows.map((r) => ({
    giftId: r.gift_id,
    userId: r.user_id,
  }));
}
