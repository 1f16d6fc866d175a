import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, units } from '../../db/columns.js';
import { users, userRef } from '../users/users.schema.js';

/*
 * Gift gold (migrations 0053_gift_escrow.sql and 0054_gifts.sql, decision 021). The grams are
 * not here: they are the ledger's, in the GSAs and the platform's `gift_escrow` account.
 */

/** A gift quoted: the recipient found and the grams, held 30 s. */
export const giftQuotes = pgTable(
  'gift_quotes',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    /** An address no verified customer has, lower case: the grams would wait in escrow. */
    invitedEmail: text('invited_email'),
    grams: units('grams').notNull(),
    /** The grams' value at the spot price (USDT units), for information. */
    value: units('value').notNull(),
    price: units('price').notNull(),
    message: text('message'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('gift_quotes_one_recipient', sql`(${t.recipientId} IS NULL) <> (${t.invitedEmail} IS NULL)`),
    check('gift_quotes_grams_positive', sql`${t.grams} > 0`),
  ],
);

/** A gift sent: claimed (in the recipient's GSA), waiting (in escrow for an address) or returned. */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    senderId: userRef('sender_id', 'restrict'),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'restrict' }),
    invitedEmail: text('invited_email'),
    grams: units('grams').notNull(),
    value: units('value').notNull(),
    message: text('message'),
    status: text('status', { enum: ['waiting', 'claimed', 'returned'] }).notNull(),
    /** When a waiting gift returns to its sender. */
    expiresAt: timestamptz('expires_at'),
    senderTransactionId: uuid('sender_transaction_id').notNull(),
    recipientTransactionId: uuid('recipient_transaction_id'),
    createdAt: timestamptz('created_at').notNull(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    index('gifts_sender_created_idx').on(t.senderId, t.createdAt, t.id),
    index('gifts_recipient_created_idx').on(t.recipientId, t.createdAt, t.id),
    index('gifts_waiting_email_idx')
      .on(t.invitedEmail, t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('gifts_waiting_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'waiting'`),
    check('gifts_status', sql`${t.status} IN ('waiting', 'claimed', 'returned')`),
    check('gifts_grams_positive', sql`${t.grams} > 0`),
  ],
);
