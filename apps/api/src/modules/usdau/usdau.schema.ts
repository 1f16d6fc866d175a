import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz, units } from '../../db/columns.js';
import { userRef, users } from '../users/users.schema.js';

/*
 * USDAU requests (migration 0013_usdau_reserves.sql, which also holds the operation types
 * usdau_request and usdau_decide). The grams are not stored as a balance here: while a request
 * waits they are the customer's GOLD `locked` balance; an approval pays USDAU on chain through
 * the settlement sender (chain_transfers) and its transaction tells whether it was sent.
 */
export const usdauRequests = pgTable(
  'usdau_requests',
  {
    id: id(),
    code: text('code').notNull().unique(),
    userId: userRef('user_id', 'restrict'),
    /** requested, then approved (paid: its transaction settles it) or rejected (grams returned). */
    status: text('status', { enum: ['requested', 'approved', 'rejected'] })
      .notNull()
      .default('requested'),
    grams: units('grams').notNull(),
    /** The external address (EIP-55 checksummed). */
    address: text('address').notNull(),
    /** USDT per gram (x 1e18) at the request: spot x 0.98, the platform's buying price. */
    price: units('price').notNull(),
    /** USDAU paid: grams x price. */
    usdauAmount: units('usdau_amount').notNull(),
    lockEntryId: uuid('lock_entry_id').notNull(),
    transactionId: uuid('transaction_id'),
    createdAt: timestamptz('created_at').notNull(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
  },
  (t) => [
    index('usdau_requests_user_idx').on(t.userId, t.createdAt),
    index('usdau_requests_queue_idx').on(t.status, t.createdAt),
    // The review queue's two views, paged by key (platform/review, migration 0037).
    index('usdau_requests_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'requested'`),
    index('usdau_requests_decided_idx')
      .on(t.decidedAt, t.id)
      .where(sql`${t.decidedAt} IS NOT NULL`),
    check('usdau_requests_status', sql`${t.status} IN ('requested', 'approved', 'rejected')`),
  ],
);
