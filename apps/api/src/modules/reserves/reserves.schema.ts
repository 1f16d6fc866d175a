import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, units } from '../../db/columns.js';

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
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
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
    /** The bars counted: [{ id, serial, refinery, fineGrams, addedAt }]. */
    bars: jsonb('bars').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reserve_snapshots_checked_idx').on(t.checkedAt)],
);
