import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamptz, units, updatedAt } from '../../db/columns.js';

/*
 * Proof of reserves (migration 0013_usdau_reserves.sql): the operator's list of vaulted bars
 * and the job's snapshots of what the platform owes against what it holds.
 */

/** A gold bar in the vault. Withdrawn bars stay, with `removedAt`, so the history is kept. */
export const vaultBars = pgTable(
  'vault_bars',
  {
    id: id(),
    serial: text('serial').notNull(),
    refinery: text('refinery').notNull(),
    /** Fine gold, in GOLD units (micrograms). */
    fineGrams: units('fine_grams').notNull(),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
    removedAt: timestamptz('removed_at'),
    /** The size the allocation last counted (0 once withdrawn): differing, the bar is due (migration 0057). */
    allocationGrams: units('allocation_grams').notNull().default('0'),
    /** Grams the allocation placed on the bar. */
    allocatedGrams: units('allocated_grams').notNull().default('0'),
  },
  (t) => [
    index('vault_bars_listed_key_idx')
      .on(t.addedAt, t.id)
      .where(sql`${t.removedAt} IS NULL`),
    index('vault_bars_allocation_due_idx')
      .on(t.addedAt, t.id)
      .where(sql`${t.allocationGrams} <> CASE WHEN ${t.removedAt} IS NULL THEN ${t.fineGrams} ELSE 0 END`),
    index('vault_bars_room_idx')
      .on(t.addedAt, t.id)
      .where(sql`${t.allocatedGrams} < ${t.allocationGrams}`),
    // A refinery's serial names one bar: listed twice, the vault would be counted twice.
    uniqueIndex('vault_bars_serial_idx')
      .on(t.refinery, t.serial)
      .where(sql`${t.removedAt} IS NULL`),
  ],
);

/** One reading of the job: the figures GET /reserves shows. */
export const reserveSnapshots = pgTable(
  'reserve_snapshots',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** QMGT units on chain; null when the chain could not be read. */
    onChainQmgt: units('on_chain_qmgt'),
    ledgerQmgt: units('ledger_qmgt').notNull(),
    ledgerGold: units('ledger_gold').notNull(),
    /** QMGT units of referral rewards not yet claimed: promised, minted when claimed. */
    rewardsQmgt: units('rewards_qmgt').notNull().default('0'),
    vaultGold: units('vault_gold').notNull(),
    /**
     * The bars counted: [{ id, serial, refinery, fineGrams, addedAt }], in readings before
     * migration 0058; null since (the list at a reading is the bars listed then, decision 023).
     */
    bars: jsonb('bars'),
    barCount: integer('bar_count'),
    /** Grams the allocation had placed on bars and left unallocated, and when it ran. */
    allocatedGold: units('allocated_gold'),
    unallocatedGold: units('unallocated_gold'),
    allocatedAt: timestamptz('allocated_at'),
    checkedAt: timestamptz('checked_at').notNull().defaultNow(),
  },
  (t) => [index('reserve_snapshots_checked_idx').on(t.checkedAt)],
);

/** A customer's grams owed on a bar (decision 023): all their gold accounts but rewards; `seq` orders placements, the last leaves first. */
export const barAllocations = pgTable(
  'bar_allocations',
  {
    userId: uuid('user_id').notNull(),
    barId: uuid('bar_id')
      .notNull()
      .references(() => vaultBars.id, { onDelete: 'restrict' }),
    grams: units('grams').notNull(),
    seq: bigint('seq', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.barId] }), index('bar_allocations_bar_idx').on(t.barId, t.seq)],
);

/** A customer's grams owed that no bar has room for; the longest waiting is placed first. */
export const barAllocationWaiting = pgTable(
  'bar_allocation_waiting',
  {
    userId: uuid('user_id').primaryKey(),
    grams: units('grams').notNull(),
    since: bigint('since', { mode: 'bigint' }).notNull(),
  },
  (t) => [index('bar_allocation_waiting_since_idx').on(t.since, t.userId)],
);

/** The allocation job's mark over the ledger's entries, its placement counter and its totals. */
export const barAllocationMarks = pgTable('bar_allocation_marks', {
  name: text('name').primaryKey(),
  throughAt: timestamptz('through_at').notNull(),
  throughEntry: uuid('through_entry'),
  nextSeq: bigint('next_seq', { mode: 'bigint' }).notNull().default(1n),
  allocated: units('allocated').notNull().default('0'),
  unallocated: units('unallocated').notNull().default('0'),
  computedAt: timestamptz('computed_at'),
});
