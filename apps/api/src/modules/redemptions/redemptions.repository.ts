import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { redemptionProducts, redemptionQuotes, redemptions } from './redemptions.schema.js';

/* Reads of the catalogue and redemptions, the catalogue's writes and the shipping step; every move of grams is a money operation. */

export type ProductRow = typeof redemptionProducts.$inferSelect;
export type RedemptionRow = typeof redemptions.$inferSelect;

export async function products(db: Db, activeOnly: boolean): Promise<ProductRow[]> {
  return db
    .select()
    .from(redemptionProducts)
    .where(activeOnly ? eq(redemptionProducts.active, true) : undefined)
    .orderBy(asc(redemptionProducts.fineGrams), asc(redemptionProducts.createdAt), asc(redemptionProducts.id));
}

export async function productById(db: Db, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(redemptionProducts).where(eq(redemptionProducts.id, id));
  return row;
}

export async function productsByIds(db: Db, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(redemptionProducts)
    .where(inArray(redemptionProducts.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

type ProductValues = Pick<
  typeof redemptionProducts.$inferInsert,
  'name' | 'fineGrams' | 'makingFee' | 'deliveryFee' | 'active'
>;

export async function insertProduct(db: Db, values: ProductValues): Promise<ProductRow> {
  const [row] = await db.insert(redemptionProducts).values(values).returning();
  return row!;
}

export async function updateProduct(db: Db, id: string, values: ProductValues): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(redemptionProducts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(redemptionProducts.id, id))
    .returning();
  return row;
}

export async function insertQuote(db: Db, values: typeof redemptionQuotes.$inferInsert): Promise<string> {
  const [row] = await db.insert(redemptionQuotes).values(values).returning({ id: redemptionQuotes.id });
  return row!.id;
}

export async function byId(db: Db, id: string): Promise<RedemptionRow | undefined> {
  const [row] = await db.select().from(redemptions).where(eq(redemptions.id, id));
  return row;
}

export async function ofUser(db: Db, userId: string, limit = 100): Promise<RedemptionRow[]> {
  return db
    .select()
    .from(redemptions)
    .where(eq(redemptions.userId, userId))
    .orderBy(desc(redemptions.requestedAt), desc(redemptions.id))
    .limit(limit);
}

/** Approved and shipped redemptions, oldest decision first: what the operator still has to send or confirm. */
export async function toFulfil(db: Db, limit = 200): Promise<RedemptionRow[]> {
  return db
    .select()
    .from(redemptions)
    .where(inArray(redemptions.status, ['approved', 'shipped']))
    .orderBy(asc(redemptions.decidedAt), asc(redemptions.id))
    .limit(limit);
}

/** Shipping: only an approved redemption takes it (undefined when it had another status). */
export async function ship(
  db: Db,
  id: string,
  values: { carrier: string; trackingNumber: string; operatorId: string; at: Date },
): Promise<RedemptionRow | undefined> {
  const [row] = await db
    .update(redemptions)
    .set({
      status: 'shipped',
      carrier: values.carrier,
      trackingNumber: values.trackingNumber,
      shippedAt: values.at,
      shippedBy: values.operatorId,
    })
    .where(and(eq(redemptions.id, id), eq(redemptions.status, 'approved')))
    .returning();
  return row;
}
