import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, units, updatedAt } from '../../db/columns.js';
import { userRef } from '../users/users.schema.js';

/*
 * Spend To Save and Remit to save (migration 0018_payments_remittances.sql, which also holds
 * the operation types payment_credit and remit). USD is an asset of the ledger in cents: it
 * only ever sits in platform accounts (what the gateway collected, and the fee).
 */

/** A quote shown before a checkout or a remittance: the gold it buys, held for 30 s. */
export const saveQuotes = pgTable(
  'save_quotes',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    /** SPEND: a card payment in USD cents; REMIT: a remittance's round-up in USDT units. */
    kind: text('kind', { enum: ['SPEND', 'REMIT'] }).notNull(),
    amountIn: units('amount_in').notNull(),
    fee: units('fee').notNull(),
    grams: units('grams').notNull(),
    /** USDT per gram (x 1e18): spot. */
    price: units('price').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [check('save_quotes_kind', sql`${t.kind} IN ('SPEND', 'REMIT')`)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    code: text('code').notNull().unique(),
    userId: userRef('user_id', 'restrict'),
    /** Which gateway holds its checkout: sandbox or stripe. */
    gateway: text('gateway').notNull(),
    /** The gateway's checkout session, once created. */
    sessionId: text('session_id').unique(),
    checkoutUrl: text('checkout_url'),
    amountCents: units('amount_cents').notNull(),
    feeCents: units('fee_cents').notNull(),
    grams: units('grams').notNull(),
    price: units('price').notNull(),
    status: text('status', { enum: ['pending', 'credited', 'cancelled', 'expired', 'failed'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    transactionId: uuid('transaction_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    creditedAt: timestamptz('credited_at'),
    /**
     * When the sweep next asks the gateway about this pending payment (null: at its expiry).
     * Claiming a payment moves it forward, so a payment the gateway cannot settle yet goes to
     * the back of the queue instead of holding the front.
     */
    reconcileAfter: timestamptz('reconcile_after'),
    /** How many times the sweep has claimed it (its backoff). */
    reconcileAttempts: integer('reconcile_attempts').notNull().default(0),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_status_created_idx').on(t.status, t.createdAt, t.id),
    index('payments_due_idx')
      .on(sql`coalesce(${t.reconcileAfter}, ${t.expiresAt})`)
      .where(sql`${t.status} = 'pending'`),
    check('payments_status', sql`${t.status} IN ('pending', 'credited', 'cancelled', 'expired', 'failed')`),
  ],
);

/** Every gateway event received, once: a replay finds its id here and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  paymentId: uuid('payment_id'),
  outcome: text('outcome').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

export const remittances = pgTable(
  'remittances',
  {
    id: id(),
    code: text('code').notNull().unique(),
    senderId: userRef('sender_id', 'restrict'),
    recipientId: userRef('recipient_id', 'restrict'),
    amount: units('amount').notNull(),
    roundUp: units('round_up').notNull(),
    grams: units('grams').notNull(),
    fee: units('fee').notNull(),
    price: units('price'),
    senderTransactionId: uuid('sender_transaction_id').notNull(),
    recipientTransactionId: uuid('recipient_transaction_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('remittances_sender_key_idx').on(t.senderId, t.createdAt, t.id),
    index('remittances_recipient_key_idx').on(t.recipientId, t.createdAt, t.id),
    index('remittances_created_idx').on(t.createdAt, t.id),
  ],
);
