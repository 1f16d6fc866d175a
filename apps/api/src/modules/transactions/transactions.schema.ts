import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, units, updatedAt } from '../../db/columns.js';
import { assetEnum, journalEntries } from '../ledger/ledger.schema.js';
import { userRef } from '../users/users.schema.js';

/* The business transaction record the history screens read. */

export const transactionStatusEnum = pgEnum('transaction_status', ['pending', 'completed', 'failed']);

/** What history screens read: one business event, pointing at its journal entry. */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    code: text('code').notNull(),
    userId: userRef('user_id', 'restrict'),
    type: text('type').notNull(),
    /** The money operation type that booked it (money_operation_types.kind): how its compensation is found. */
    operationKind: text('operation_kind'),
    status: transactionStatusEnum('status').notNull().default('pending'),
    assetIn: assetEnum('asset_in'),
    amountIn: units('amount_in'),
    assetOut: assetEnum('asset_out'),
    amountOut: units('amount_out'),
    /** USDT per unit of the other asset, scaled by 1e18. */
    price: units('price'),
    fee: units('fee'),
    feeAsset: assetEnum('fee_asset'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    txHash: text('tx_hash'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    uniqueIndex('transactions_code_key').on(t.code),
    // Keyset pages of the history (migration 0034): all types, or one.
    index('transactions_user_created_id_idx').on(t.userId, t.createdAt, t.id),
    index('transactions_user_type_created_id_idx').on(t.userId, t.type, t.createdAt, t.id),
    // The statements' look-up of the transactions behind a page of ledger entries (migration 0049).
    index('transactions_journal_entry_idx').on(t.journalEntryId),
  ],
);
