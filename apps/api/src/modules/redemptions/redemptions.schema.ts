import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { DeliveryAddress } from '@qmgt/contracts';
import { createdAt, id, timestamptz, units, updatedAt } from '../../db/columns.js';
import { userRef, users } from '../users/users.schema.js';
import { vaultBars } from '../reserves/reserves.schema.js';

/*
 * Physical redemption (migration 0055_redemptions.sql). The grams of a redemption under way
 * are not a balance here: from the request to the delivery they are the customer's GOLD
 * `locked` balance; every move of them is a money operation (sql/money_op_redemption_*.sql).
 */

/** The operator's catalogue: a coin or a small bar. Fees in USDT units per piece. */
export const redemptionProducts = pgTable('redemption_products', {
  id: id(),
  name: text('name').notNull(),
  fineGrams: units('fine_grams').notNull(),
  makingFee: units('making_fee').notNull(),
  deliveryFee: units('delivery_fee').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A 30-second quote: the figures the request locks, when confirmed in time by its owner. */
export const redemptionQuotes = pgTable(
  'redemption_quotes',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    productId: uuid('product_id')
      .notNull()
      .references(() => redemptionProducts.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    fineGrams: units('fine_grams').notNull(),
    feeGrams: units('fee_grams').notNull(),
    makingFee: units('making_fee').notNull(),
    deliveryFee: units('delivery_fee').notNull(),
    price: units('price').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('redemption_quotes_user_idx').on(t.userId, t.createdAt)],
);

const REDEMPTION_ROW_STATUSES = ['requested', 'approved', 'shipped', 'delivered', 'rejected', 'cancelled'] as const;

/** A redemption: requested, approved (a review), shipped, delivered; or rejected or cancelled. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: id(),
    code: text('code').notNull().unique(),
    userId: userRef('user_id', 'restrict'),
    productId: uuid('product_id')
      .notNull()
      .references(() => redemptionProducts.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    fineGrams: units('fine_grams').notNull(),
    feeGrams: units('fee_grams').notNull(),
    makingFee: units('making_fee').notNull(),
    deliveryFee: units('delivery_fee').notNull(),
    price: units('price').notNull(),
    address: jsonb('address').$type<DeliveryAddress>().notNull(),
    status: text('status', { enum: REDEMPTION_ROW_STATUSES }).notNull().default('requested'),
    reason: text('reason'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    vaultBarId: uuid('vault_bar_id').references(() => vaultBars.id, { onDelete: 'set null' }),
    lockEntryId: uuid('lock_entry_id').notNull(),
    transactionId: uuid('transaction_id'),
    requestedAt: timestamptz('requested_at').notNull(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    shippedAt: timestamptz('shipped_at'),
    shippedBy: uuid('shipped_by').references(() => users.id, { onDelete: 'set null' }),
    deliveredAt: timestamptz('delivered_at'),
    deliveredBy: uuid('delivered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('redemptions_user_idx').on(t.userId, t.requestedAt),
    index('redemptions_open_idx')
      .on(t.requestedAt, t.id)
      .where(sql`${t.status} = 'requested'`),
    index('redemptions_decided_idx')
      .on(t.decidedAt, t.id)
      .where(sql`${t.decidedAt} IS NOT NULL`),
    index('redemptions_fulfilment_idx')
      .on(t.decidedAt, t.id)
      .where(sql`${t.status} IN ('approved', 'shipped')`),
    check(
      'redemptions_status',
      sql`${t.status} IN ('requested', 'approved', 'shipped', 'delivered', 'rejected', 'cancelled')`,
    ),
  ],
);
