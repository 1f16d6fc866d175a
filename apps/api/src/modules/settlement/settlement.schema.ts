import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, units, updatedAt } from '../../db/columns.js';

/* Chain settlement: the outbox, batches and reconciliations. */

export const chainMovementKindEnum = pgEnum('chain_movement_kind', ['mint', 'burn']);
/**
 * pending: written with its ledger entry, not yet sent; sent: in a batch on its way;
 * settled: final on chain; refused: the contract refused it (the operation was compensated);
 * cancelled: not needed any more (its operation was compensated before it was sent).
 */
export const chainMovementStatusEnum = pgEnum('chain_movement_status', [
  'pending',
  'sent',
  'settled',
  'refused',
  'cancelled',
]);

/**
 * One QMGT supply change the ledger made and the chain must follow: a mint to or a burn from
 * one address. Written by the money operation in the same transaction as its journal entry,
 * so no movement is ever lost; `id` identifies it on chain, so a resend cannot apply it twice.
 */
export const chainMovements = pgTable(
  'chain_movements',
  {
    seq: bigserial('seq', { mode: 'bigint' }).primaryKey(),
    id: uuid('id').notNull().defaultRandom(),
    transactionId: uuid('transaction_id').notNull(),
    /** The customer whose custodial address it is; null: the treasury address (platform-held QMGT). */
    userId: uuid('user_id'),
    kind: chainMovementKindEnum('kind').notNull(),
    amount: units('amount').notNull(),
    status: chainMovementStatusEnum('status').notNull().default('pending'),
    batchId: bigint('batch_id', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    settledAt: timestamptz('settled_at'),
    /**
     * Order of finality (chain_movements_settled_seq), stamped when its batch is final: the
     * reconciliation checks the holders of movements past its stored mark, not every holder.
     */
    settledSeq: bigint('settled_seq', { mode: 'bigint' }),
  },
  (t) => [
    index('chain_movements_settled_idx')
      .on(t.settledSeq)
      .where(sql`settled_seq IS NOT NULL`),
    index('chain_movements_open_idx')
      .on(t.seq)
      .where(sql`status IN ('pending', 'sent')`),
    index('chain_movements_transaction_idx').on(t.transactionId),
    index('chain_movements_batch_idx').on(t.batchId),
  ],
);

/**
 * Settled and refused movements, counted as they change status (sql/chain_movement_counts.sql,
 * migration 0040): the settlement status reads these rows instead of counting the history.
 */
export const chainMovementCounts = pgTable('chain_movement_counts', {
  status: chainMovementStatusEnum('status').primaryKey(),
  movements: bigint('movements', { mode: 'number' }).notNull().default(0),
});

/**
 * A token payment from the treasury the ledger made and the chain must follow (a USDAU
 * request's payout): written with its ledger entry like a movement, sent by the one sender as
 * its own chain transaction. A transfer carries no id on chain, so the sender records the
 * signed bytes before sending them (chain_batches.raw_tx) and, after a crash, sends the same
 * bytes again: one nonce, one payment.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    seq: bigserial('seq', { mode: 'bigint' }).primaryKey(),
    transactionId: uuid('transaction_id').notNull(),
    token: text('token', { enum: ['USDAU'] }).notNull(),
    toAddress: text('to_address').notNull(),
    amount: units('amount').notNull(),
    status: chainMovementStatusEnum('status').notNull().default('pending'),
    batchId: bigint('batch_id', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    index('chain_transfers_open_idx')
      .on(t.seq)
      .where(sql`status IN ('pending', 'sent')`),
    index('chain_transfers_transaction_idx').on(t.transactionId),
  ],
);

/**
 * One settlement transaction of the treasury: a batch of movements under one nonce, or one
 * transfer (`transferSeq`, with the signed bytes in `rawTx`).
 */
export const chainBatches = pgTable('chain_batches', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  /** Known before broadcasting (the signed transaction's hash), recorded first: write-ahead. */
  txHash: text('tx_hash').notNull(),
  nonce: integer('nonce').notNull(),
  /** sent, mined, final, reverted, dropped */
  status: text('status').notNull(),
  transferSeq: bigint('transfer_seq', { mode: 'bigint' }),
  rawTx: text('raw_tx'),
  blockNumber: units('block_number'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const chainMovementsSettledSeq = pgSequence('chain_movements_settled_seq');

/** Results of the chain reconciliation job: on-chain QMGT against the ledger. */
export const chainReconciliations = pgTable('chain_reconciliations', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  matches: boolean('matches').notNull(),
  onChainSupply: units('on_chain_supply').notNull(),
  ledgerSupply: units('ledger_supply').notNull(),
  pendingNet: numeric('pending_net', { precision: 78, scale: 0 }).notNull(),
  differences: jsonb('differences').notNull(),
  /** touched: the holders whose movements settled since the pass before; sweep: every holder (done). */
  scope: text('scope').notNull().default('all'),
  holdersChecked: integer('holders_checked').notNull().default(0),
  checkedAt: timestamptz('checked_at').notNull().defaultNow(),
});

/**
 * Where the reconciliation's passes stand: `touched` holds the last settled_seq whose holder
 * was checked; `sweep` the last customer id the full sweep checked (null: no sweep under way)
 * and the holders it has checked so far.
 */
export const chainReconciliationMarks = pgTable('chain_reconciliation_marks', {
  name: text('name').primaryKey(),
  position: bigint('position', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  cursor: text('cursor'),
  startedAt: timestamptz('started_at'),
  /** sweep: when the last full sweep reached its end. */
  completedAt: timestamptz('completed_at'),
  updatedAt: updatedAt(),
});

/**
 * Holders whose on-chain QMGT differed from the ledger when last checked, by address. Every
 * pass checks them again and removes those that agree, so the operator's view answers from
 * here instead of asking the chain about every holder.
 */
export const chainHolderDifferences = pgTable('chain_holder_differences', {
  address: text('address').primaryKey(),
  userId: uuid('user_id'),
  onChain: units('on_chain').notNull(),
  ledger: units('ledger').notNull(),
  foundAt: timestamptz('found_at').notNull().defaultNow(),
});
