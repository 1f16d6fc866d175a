import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, units, updatedAt } from '../../db/columns.js';
import { assetEnum } from '../ledger/ledger.schema.js';
import { userRef, users } from '../users/users.schema.js';

/*
 * Gold savings: the GAE plan, gold quotes (GAE, GAEX, Convert), termination requests and the
 * auto-save runs (migration 0009_gold_savings.sql, which also holds the operation types).
 * Grams are not stored here: they are the ledger's GOLD `gae_plan` and `locked` balances.
 */

export const gaePlans = pgTable(
  'gae_plans',
  {
    id: id(),
    userId: userRef('user_id', 'restrict'),
    status: text('status', { enum: ['active', 'terminating', 'terminated'] })
      .notNull()
      .default('active'),
    /** USDT paid into the plan. */
    costUsdt: units('cost_usdt').notNull().default('0'),
    openedAt: timestamptz('opened_at').notNull(),
    closedAt: timestamptz('closed_at'),
    /** What each auto-save period spends (USDT units); null: no auto-save. */
    autoSaveAmount: units('auto_save_amount'),
    autoSaveFrequency: text('auto_save_frequency', { enum: ['daily', 'weekly', 'monthly'] }),
    /** The day in the period: of the month (monthly, 1-28), ISO weekday (weekly, 1-7); null daily. */
    autoSaveDay: integer('auto_save_day'),
    /** The most auto-save spends in a calendar month (USDT units); null: no cap. */
    autoSaveCap: units('auto_save_cap'),
    /** Paused: no next day, nothing bought or skipped until resumed (migration 0048). */
    autoSavePaused: boolean('auto_save_paused').notNull().default(false),
    /** The next auto-save day (UTC); null when off or paused. */
    autoSaveNext: date('auto_save_next', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gae_plans_one_open')
      .on(t.userId)
      .where(sql`${t.status} <> 'terminated'`),
    // The due pass's range: only plans that can be due (migration 0048).
    index('gae_plans_auto_save_due')
      .on(t.autoSaveNext, t.id)
      .where(sql`${t.autoSaveNext} IS NOT NULL AND ${t.status} = 'active' AND NOT ${t.autoSavePaused}`),
    check('gae_plans_status', sql`${t.status} IN ('active', 'terminating', 'terminated')`),
  ],
);

/** A 30-second price promise for a GAE or GAEX purchase or a Convert, executed at most once. */
export const goldQuotes = pgTable(
  'gold_quotes',
  {
    id: id(),
    userId: userRef('user_id', 'cascade'),
    kind: text('kind', { enum: ['GAE', 'GAEX', 'CONVERT'] }).notNull(),
    assetIn: assetEnum('asset_in').notNull(),
    amountIn: units('amount_in').notNull(),
    assetOut: assetEnum('asset_out').notNull(),
    amountOut: units('amount_out').notNull(),
    fee: units('fee').notNull(),
    feeAsset: assetEnum('fee_asset').notNull(),
    /** USDT per gram (x 1e18) of a purchase. */
    price: units('price'),
    spot: units('spot'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('gold_quotes_user_idx').on(t.userId, t.createdAt)],
);

export const gaeTerminations = pgTable(
  'gae_terminations',
  {
    id: id(),
    code: text('code').notNull().unique(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => gaePlans.id, { onDelete: 'restrict' }),
    userId: userRef('user_id', 'restrict'),
    status: text('status', { enum: ['requested', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('requested'),
    currency: assetEnum('currency').notNull(),
    grams: units('grams').notNull(),
    spot: units('spot').notNull(),
    /** USDT: grams x spot x 0.98. */
    gross: units('gross').notNull(),
    /** USDT per gram: terminationPrice(spot), the price the refund was computed at. */
    price: units('price').notNull(),
    earlyExit: boolean('early_exit').notNull(),
    /** In `currency`. */
    earlyExitFee: units('early_exit_fee').notNull(),
    /** In `currency`. */
    refund: units('refund').notNull(),
    lockEntryId: uuid('lock_entry_id').notNull(),
    refundTransactionId: uuid('refund_transaction_id'),
    requestedAt: timestamptz('requested_at').notNull(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('gae_terminations_one_open')
      .on(t.planId)
      .where(sql`${t.status} = 'requested'`),
    index('gae_terminations_queue_idx').on(t.status, t.requestedAt),
    // The review queue's two views, paged by key (platform/review, migration 0037).
    index('gae_terminations_open_idx')
      .on(t.requestedAt, t.id)
      .where(sql`${t.status} = 'requested'`),
    index('gae_terminations_decided_idx')
      .on(t.decidedAt, t.id)
      .where(sql`${t.decidedAt} IS NOT NULL`),
  ],
);

/**
 * One row per plan and period: the auto-save's exactly-once guard. The period is its
 * frequency's: a day 'YYYY-MM-DD', an ISO week 'YYYY-Www' or a month 'YYYY-MM' (migration 0048).
 */
export const gaeAutoSaveRuns = pgTable(
  'gae_auto_save_runs',
  {
    /** With createdAt, the row's key in a page of the plan's runs. */
    id: uuid('id').notNull().defaultRandom().unique(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => gaePlans.id, { onDelete: 'restrict' }),
    period: text('period').notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    outcome: text('outcome', { enum: ['bought', 'skipped'] }).notNull(),
    /** A skip's reason: a short balance, or the monthly cap reached. */
    reason: text('reason', { enum: ['balance', 'cap'] }),
    /** USDT the period was to spend (null on runs recorded before migration 0048 that bought nothing). */
    amountUsdt: units('amount_usdt'),
    /** Grams bought (micrograms); null when skipped. */
    grams: units('grams'),
    transactionId: uuid('transaction_id'),
    /** When it ran, by the job's clock. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.period] }),
    index('gae_auto_save_runs_plan_key_idx').on(t.planId, t.createdAt, t.id),
  ],
);
