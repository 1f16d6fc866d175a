import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { CursorKey } from '@qmgt/contracts';
import { keyText, olderThan } from '../../lib/keyset.js';
import type { Db } from '../../db/client.js';
import type { GoldFigures } from './payments.rules.js';
import { paymentEvents, payments, remittances, saveQuotes } from './payments.schema.js';

export type PaymentRow = typeof payments.$inferSelect;
export type RemittanceRow = typeof remittances.$inferSelect;
export type SaveQuoteRow = typeof saveQuotes.$inferSelect;

/* The payments module's own tables; the money moves in SQL (migration 0018). */

/** A Spend To Save or round-up quote: the gold `figures` of `amountIn`, held until `expiresAt`. */
export async function insertQuote(
  db: Db,
  quote: { userId: string; kind: SaveQuoteRow['kind']; amountIn: bigint; figures: GoldFigures; expiresAt: Date },
): Promise<SaveQuoteRow> {
  const { figures } = quote;
  const [inserted] = await db
    .insert(saveQuotes)
    .values({
      userId: quote.userId,
      kind: quote.kind,
      amountIn: quote.amountIn.toString(),
      fee: figures.fee.toString(),
      grams: figures.grams.toString(),
      price: figures.price.toString(),
      expiresAt: quote.expiresAt,
    })
    .returning();
  return inserted!;
}

/**
 * The gateway's session for a payment opened without one yet. A retried request attaches the
 * same session (the gateway answers a repeated create with the first), never another.
 */
export async function attachSession(
  db: Db,
  id: string,
  session: { sessionId: string; url: string },
  at: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ sessionId: session.sessionId, checkoutUrl: session.url, updatedAt: at })
    .where(and(eq(payments.id, id), or(isNull(payments.sessionId), eq(payments.sessionId, session.sessionId))))
    .returning();
  return row;
}

/** Fails a payment whose checkout could not be opened; not one a retried request opened meanwhile. */
export async function failUnopened(db: Db, id: string, at: Date, reason: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status: 'failed', updatedAt: at, failureReason: reason })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending'), isNull(payments.sessionId)))
    .returning();
  return row;
}

/** Moves a pending payment to a closed status; undefined when it was no longer pending. */
export async function closePending(
  db: Db,
  id: string,
  status: 'cancelled' | 'expired' | 'failed',
  at: Date,
  reason: string | null = null,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status, updatedAt: at, failureReason: reason })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  return row;
}

export async function paymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function paymentOf(db: Db, userId: string, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row;
}

/**
 * Every customer's payments (the back office), optionally of one status, newest first: one page
 * from the cursor, read with one row more (see cutPage), a range of payments_created_idx or
 * payments_status_created_idx.
 */
export async function paymentsPage(
  db: Db,
  query: { status?: PaymentRow['status'] | undefined; cursor?: CursorKey | undefined },
  limit: number,
) {
  return db
    .select({ row: payments, key: keyText(payments.createdAt) })
    .from(payments)
    .where(
      and(
        query.status ? eq(payments.status, query.status) : undefined,
        olderThan(payments.createdAt, payments.id, query.cursor),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

/** Every remittance, newest first: one page from the cursor (remittances_created_idx). */
export async function remittancesPage(db: Db, cursor: CursorKey | undefined, limit: number) {
  return db
    .select({ row: remittances, key: keyText(remittances.createdAt) })
    .from(remittances)
    .where(olderThan(remittances.createdAt, remittances.id, cursor))
    .orderBy(desc(remittances.createdAt), desc(remittances.id))
    .limit(limit);
}

export async function paymentsOf(db: Db, userId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(100);
}

/**
 * Claims up to `limit` pending payments due a look from the sweep (past their checkout's
 * expiry, or past their next look), longest due first. The claim moves each one's next look
 * forward (1, 2, 4 ... 64 minutes), so a payment the gateway cannot settle yet goes behind the
 * others instead of being taken first at every pass, and a sweep in another process (or this
 * one's next pass while it still works) skips it; one whose process died is looked at again
 * when that time comes.
 */
export async function claimDue(db: Db, at: Date, limit: number): Promise<PaymentRow[]> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const due = sql`coalesce(${payments.reconcileAfter}, ${payments.expiresAt})`;
  const isDue = and(eq(payments.status, 'pending'), sql`${due} <= ${now}`);
  const batch = db
    .select({ id: payments.id })
    .from(payments)
    .where(isDue)
    .orderBy(due)
    .limit(limit)
    .for('update', { skipLocked: true });
  return (
    db
      .update(payments)
      .set({
        reconcileAfter: sql`${now} + interval '1 minute' * power(2, least(${payments.reconcileAttempts}, 6))`,
        reconcileAttempts: sql`${payments.reconcileAttempts} + 1`,
      })
      // ARRAY(...) runs the batch's SELECT once. As `id IN (SELECT ...)` the planner may run it
      // again for each row, and SKIP LOCKED then passes over the rows this UPDATE has just
      // changed and hands out the next ones: past the LIMIT (seen: 3 claimed of a batch of 2).
      .where(and(sql`${payments.id} = ANY(ARRAY(${batch}))`, isDue))
      .returning()
  );
}

export async function eventSeen(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(eq(paymentEvents.eventId, eventId));
  return !!row;
}

export async function recordEvent(db: Db, row: typeof paymentEvents.$inferInsert): Promise<void> {
  await db.insert(paymentEvents).values(row).onConflictDoNothing();
}

export async function remittanceById(db: Db, id: string): Promise<RemittanceRow | undefined> {
  const [row] = await db.select().from(remittances).where(eq(remittances.id, id));
  return row;
}

/**
 * A customer's remittances, sent and received, newest first: one page from the cursor. Each side
 * is its own limited range scan (remittances_sender_key_idx, _recipient_key_idx), merged: a
 * page costs its rows, not the customer's history. Nobody remits to themselves, so no row is
 * in both.
 */
export async function remittancesOfPage(db: Db, userId: string, cursor: CursorKey | undefined, limit: number) {
  const side = (column: typeof remittances.senderId | typeof remittances.recipientId) =>
    db
      .select({ row: remittances, key: keyText(remittances.createdAt) })
      .from(remittances)
      .where(and(eq(column, userId), olderThan(remittances.createdAt, remittances.id, cursor)))
      .orderBy(desc(remittances.createdAt), desc(remittances.id))
      .limit(limit);
  const [sent, received] = await Promise.all([side(remittances.senderId), side(remittances.recipientId)]);
  return [...sent, ...received]
    .sort((a, b) => (a.key === b.key ? (a.row.id < b.row.id ? 1 : -1) : a.key < b.key ? 1 : -1))
    .slice(0, limit);
}
